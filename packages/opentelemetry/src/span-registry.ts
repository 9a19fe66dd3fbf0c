import { type Context, INVALID_SPAN_CONTEXT, isSpanContextValid, type Span } from '@opentelemetry/api';
import type { RunSpans } from './run-spans.js';

/** A started span and the context in which it is the active one. */
export interface OpenSpan {
  span: Span;
  context: Context;
}

/**
 * What the registry holds for a run whose `invoke_agent` span is a no-op (a no-op tracer, no parent):
 * its model and tool calls get no spans and no ids, and cost the feature one lookup each.
 */
export const untracedRun = 'untraced';

/**
 * The feature's open spans: each run's (by run id), and those of tool calls made outside any run it
 * traces (by run and call id, and by the call object the failure handler receives).
 */
export class SpanRegistry {
  readonly runs = new Map<string, RunSpans | typeof untracedRun>();
  readonly looseToolCalls = new Map<string, OpenSpan>();
  readonly looseToolCallsByCall = new WeakMap<object, OpenSpan>();

  /**
   * @param runId - the run, if any
   * @returns the run's spans; undefined when the run is not one the feature traces (or there is none)
   */
  run(runId: string | undefined): RunSpans | typeof untracedRun | undefined {
    return runId === undefined ? undefined : this.runs.get(runId);
  }

  /**
   * @param runId - the run, if any
   * @param callId - the call
   * @returns the key of a tool call outside a traced run
   */
  static looseKey(runId: string | undefined, callId: string): string {
    return `${runId ?? ''}\u0000${callId}`;
  }
}

/**
 * Whether a span records nothing and has no valid ids (what a no-op tracer returns without a parent).
 * @param span - the span
 * @returns whether nothing can record it or its children
 */
export function isNoop(span: Span): boolean {
  if (span.isRecording()) return false;
  const spanContext = span.spanContext();
  return spanContext === INVALID_SPAN_CONTEXT || !isSpanContextValid(spanContext);
}
