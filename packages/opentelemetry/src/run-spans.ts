import type { OpenSpan } from './span-registry.js';

/** The open spans of one traced run: its `invoke_agent` span, its current `chat` span, its tool calls' spans. */
export class RunSpans {
  /** The current model call's `chat` span, between its start and its end. */
  modelCall: OpenSpan | undefined;
  /** The `execute_tool` span of each call in progress, by call id (unique within a run). */
  readonly toolCalls = new Map<string, OpenSpan>();

  /** @param run - the run's `invoke_agent` span */
  constructor(readonly run: OpenSpan) {}

  /** The span the run's model and tool calls are children of. */
  get parent(): OpenSpan {
    return this.run;
  }
}
