import type { CredentialRequest } from '../../errors/credential-required-error.js';
import type { FinishReason, ToolChoice, Usage } from '../../model/chat-model.js';
import type { ChatMessage } from '../../model/messages.js';
import type { StopReason } from '../../model/stop-reason.js';
import type { Handoff } from '../handoffs/handoff.js';
import type { ToolUsageEntry } from '../../toolsets/tool-usage.js';
import type { SubRunSummary } from '../sub-run-summary.js';

/** The version of the run state format this package writes and reads. */
export const runStateVersion = 1;

/** The marker of a serialized run state. */
export const runStateType = 'toolcraft.run-state';

/** What the host decided for a waiting call. */
export type CallDecision =
  { kind: 'approved'; arguments?: string } | { kind: 'rejected'; reason?: string } | { kind: 'resolved'; content: string };

/** A recorded result of a call: what the model is (or was) sent. */
export interface RecordedResult {
  content: string;
  isError: boolean;
}

/** One call of the batch the run is in, in the model's order. */
export interface BatchEntry {
  callId: string;
  toolName: string;
  /** The model's arguments, or the ones an approval edited. */
  arguments: string;
  /** Why the call waits for the host, when it does (`'agent'`: an `AgentTool` whose agent's run waits, see `subRun`). */
  gate?: 'approval' | 'result' | 'credential' | 'agent';
  /** The call started in a process that died before its result was recorded, and is not idempotent. */
  inDoubt?: boolean;
  /** What a `'credential'` gate asked for. */
  request?: CredentialRequest;
  /** The state of the paused run of an `'agent'` gate's agent, resumed when the call runs again. */
  subRun?: RunStateData;
  decision?: CallDecision;
  /** The call was started (and a checkpoint may say so before its result is recorded). */
  started?: boolean;
  result?: RecordedResult;
}

/** Actions tools asked for that the run had not acted on when the state was taken. */
export interface SavedActions {
  transferToAgent?: string;
  escalate?: boolean;
  skipSummarization?: boolean;
  /** The call whose tool asked for `skipSummarization`. */
  skipSummarizationSetBy?: string;
}

/** A long-running call whose final result has not been delivered yet. */
export interface PendingEntry {
  callId: string;
  toolName: string;
  arguments: string;
  initialResult: string;
  /** Updates given with `state.update`, not yet delivered to the model. */
  updates: Array<{ value: string; final: boolean }>;
  /** The final update was given. */
  final?: boolean;
}

/** Where a run stands: `'running'` in a checkpoint taken mid-run, else the reason it stopped. */
export type RunStatus = 'running' | StopReason;

/** The JSON form of a {@link RunState} (what `JSON.stringify(run.state)` writes). */
export interface RunStateData {
  type: typeof runStateType;
  version: number;
  runId: string;
  agentName: string;
  status: RunStatus;
  /** The run's final text when a tool ended it (`skipSummarization`). */
  text?: string;
  transferTo?: string;
  messages: ChatMessage[];
  toolCalls: Array<{ id: string; name: string; arguments: string; result: RecordedResult }>;
  usage: Usage;
  /** The run's state values (`temp:` keys included while the run lasts). */
  state: Record<string, unknown>;
  /** The keys the run changed (its delta); a changed key missing from `state` was deleted. */
  changed: string[];
  /** Model calls made so far (all resumes together). */
  iterations: number;
  /** Tool calls made so far (all resumes together). */
  toolCallCount: number;
  /** Running time so far, in ms (time spent paused not counted). */
  elapsedMs: number;
  toolChoice?: ToolChoice;
  finishReason?: FinishReason;
  /** The calls of the model turn being answered, while some are not. */
  batch?: BatchEntry[];
  /** Long-running calls whose final result is still to come. */
  pending: PendingEntry[];
  /** Long-running calls whose final result was delivered. */
  done: string[];
  /** Actions asked for by calls of the waiting batch, acted on when it completes. */
  actions?: SavedActions;
  /** The agent answering when the state was taken, when a handoff moved the run away from `agentName`. */
  activeAgent?: string;
  /** The run's handoffs so far. */
  handoffs?: Handoff[];
  /** Per tool: counts of calls and failures, for `maxInvocations` and `maxFailures` across resumes (and agents). */
  toolUsage?: Record<string, ToolUsageEntry>;
  /** The sub-runs (`AgentTool`) that ended so far, summarized, for `run.subRuns` and `run.usage` after a resume. */
  subRuns?: SubRunSummary[];
}
