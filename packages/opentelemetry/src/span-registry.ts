import type { Context, Span } from '@opentelemetry/api';

/** A started span and the context in which it is the active one. */
export interface OpenSpan {
  span: Span;
  context: Context;
}

/**
 * The feature's open spans: each run's `invoke_agent`, its current `chat`, and each tool call's
 * `execute_tool` (by run and call id, and by the call object the failure handler receives).
 */
export class SpanRegistry {
  readonly runs = new Map<string, OpenSpan>();
  readonly modelCalls = new Map<string, OpenSpan>();
  readonly toolCalls = new Map<string, OpenSpan>();
  readonly toolCallsByCall = new WeakMap<object, OpenSpan>();

  /**
   * @param runId - the run, if any
   * @param callId - the call
   * @returns the key of a tool call
   */
  static toolKey(runId: string | undefined, callId: string): string {
    return `${runId ?? ''}\u0000${callId}`;
  }
}
