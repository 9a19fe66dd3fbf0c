import type { Feature, ToolPipeline } from '@toolcraft/core';

/** One finished span, as the tracing feature records it. */
export interface RecordedSpan {
  spanId: string;
  toolName: string;
  callId: string;
  isError: boolean;
}

/**
 * An example tracing feature: it opens a span per tool call, provides its id as
 * `trace.span.id` metadata, and records the span when the call ends.
 */
export class TracingFeature implements Feature {
  readonly name = 'tracing';
  /** The finished spans, in order. */
  readonly spans: RecordedSpan[] = [];
  private counter = 0;

  /** @param prefix - the span-id prefix, e.g. `span` */
  constructor(private readonly prefix = 'span') {}

  /** Registers the provider and the completion interceptors. */
  install(pipeline: ToolPipeline): void {
    const spanIds = new Map<string, string>();
    pipeline.provideToolCallMetadata(this, ({ call }) => {
      const spanId = `${this.prefix}-${++this.counter}`;
      spanIds.set(call.id, spanId);
      return { 'trace.span.id': spanId };
    });
    const finish = (callId: string, toolName: string, isError: boolean) => {
      this.spans.push({ spanId: spanIds.get(callId) ?? 'none', toolName, callId, isError });
      spanIds.delete(callId);
    };
    pipeline.onToolCallCompleted(this, ({ call, tool }) => finish(call.id, tool.name, false));
    pipeline.onToolCallFailed(this, ({ call }) => finish(call.id, call.name, true));
  }
}
