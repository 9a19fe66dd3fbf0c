import type { FinishReason, Usage } from '../model/chat-model.js';
import type { StopReason } from '../model/stop-reason.js';
import type { Handoff } from './handoffs/handoff.js';

/**
 * What a paused run's state keeps of a sub-run that ended before the pause (an `AgentTool`'s agent):
 * enough for `run.subRuns` and `run.usage` of the resumed run, and bounded by what the sub-run
 * answered, not by how much it did: its messages, tool calls and own state are not kept.
 */
export interface SubRunSummary {
  /** The sub-run's id. */
  runId: string;
  /** The agent that answered it. */
  agentName: string;
  /** Its handoffs. */
  handoffs: Handoff[];
  /** Its final text. */
  text: string;
  /** Why it stopped. */
  stopReason: StopReason;
  /** Its usage, its own sub-runs' included. */
  usage: Usage;
  /** Its state changes (written back into the parent's state when it ended). */
  stateDelta: Record<string, unknown>;
  /** The agent it named, when it stopped with `'transfer'`. */
  transferTo?: string;
  /** How long it took, in ms. */
  durationMs: number;
  /** Why the model stopped its last answer, when the provider said. */
  finishReason?: FinishReason;
  /** Its own sub-runs, kept the same way. */
  subRuns?: SubRunSummary[];
}
