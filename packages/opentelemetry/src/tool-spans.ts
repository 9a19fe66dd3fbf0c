import { type Context, context as otelContext, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { Feature, ToolPipeline } from '@toolcraft/core';
import { GenAI, MetadataKeys, Operations } from './attributes.js';
import { errorType } from './error-type.js';
import { type OpenSpan, SpanRegistry } from './span-registry.js';

/**
 * Records an `execute_tool {tool name}` span per tool call, a child of its run's `invoke_agent` span
 * (so parallel calls are siblings), and gives each call's metadata the span's `trace.span.id` and `trace.id`.
 * @param pipeline - where the hooks go
 * @param feature - the feature registering them
 * @param tracer - the tracer
 * @param spans - the open spans
 * @param captureContent - whether arguments and results are recorded
 */
export function installToolSpans(
  pipeline: ToolPipeline,
  feature: Feature,
  tracer: Tracer,
  spans: SpanRegistry,
  captureContent: boolean,
): void {
  const start = (
    call: { id: string; name: string; arguments: unknown },
    description: string | undefined,
    runId: string | undefined,
  ): OpenSpan => {
    const parent: Context = (runId !== undefined ? spans.runs.get(runId)?.context : undefined) ?? otelContext.active();
    const span = tracer.startSpan(
      `${Operations.executeTool} ${call.name}`,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          [GenAI.operationName]: Operations.executeTool,
          [GenAI.toolName]: call.name,
          [GenAI.toolCallId]: call.id,
          [GenAI.toolType]: 'function',
          ...(description === undefined ? {} : { [GenAI.toolDescription]: description }),
          ...(captureContent ? { [GenAI.toolCallArguments]: safeJson(call.arguments) } : {}),
        },
      },
      parent,
    );
    return { span, context: trace.setSpan(parent, span) };
  };
  pipeline.provideToolCallMetadata(feature, ({ call, tool, runId }) => {
    const open = start(call, tool.descriptor.description, runId);
    spans.toolCalls.set(SpanRegistry.toolKey(runId, call.id), open);
    spans.toolCallsByCall.set(call, open);
    const { spanId, traceId } = open.span.spanContext();
    return { [MetadataKeys.spanId]: spanId, [MetadataKeys.traceId]: traceId };
  });
  pipeline.onToolCallCompleted(feature, ({ call, runId, result }) => {
    const open = spans.toolCallsByCall.get(call);
    if (open === undefined) return;
    spans.toolCalls.delete(SpanRegistry.toolKey(runId, call.id));
    if (captureContent) open.span.setAttribute(GenAI.toolCallResult, result.content);
    open.span.end();
  });
  pipeline.onToolCallFailed(feature, ({ call, tool, error, result, runId }) => {
    // A call that failed before its tool ran (unknown tool, bad arguments, a limit) has no span yet: one
    // is made under its run's span.
    const open = spans.toolCallsByCall.get(call) ?? start(call, tool?.descriptor.description, runId);
    for (const [key, value] of spans.toolCalls) if (value === open) spans.toolCalls.delete(key);
    open.span.setAttribute(GenAI.errorType, errorType(error));
    if (captureContent) open.span.setAttribute(GenAI.toolCallResult, result.content);
    open.span.setStatus({ code: SpanStatusCode.ERROR, message: result.content });
    open.span.end();
  });
}

function safeJson(value: unknown): string {
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  } catch {
    return '';
  }
}
