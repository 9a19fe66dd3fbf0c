import type { OpenSpan } from './span-registry.js';

/**
 * The open spans of one traced run: its `invoke_agent` span; the `invoke_agent` span of the agent
 * answering since the last handoff (a child of the run's), if the run handed off; its current `chat`
 * span; its tool calls' spans.
 */
export class RunSpans {
  /** The current model call's `chat` span, between its start and its end. */
  modelCall: OpenSpan | undefined;
  /** The `execute_tool` span of each call in progress, by call id (unique within a run). */
  readonly toolCalls = new Map<string, OpenSpan>();
  /** The span of the agent that took over at the last handoff, while it answers. */
  handedTo: OpenSpan | undefined;
  /** The agent answering. */
  agentName: string;
  /** The provider of the answering agent's model (`gen_ai.provider.name`). */
  provider: string;

  /**
   * @param run - the run's `invoke_agent` span
   * @param agentName - the agent the run started with
   * @param provider - its model's provider
   */
  constructor(
    readonly run: OpenSpan,
    agentName: string,
    provider: string,
  ) {
    this.agentName = agentName;
    this.provider = provider;
  }

  /** The span the run's model and tool calls are children of: the answering agent's. */
  get parent(): OpenSpan {
    return this.handedTo ?? this.run;
  }
}
