import type { ContentPart } from '../../results/content-part.js';
import type { CredentialRequest } from '../../errors/credential-required-error.js';
import type { FinishReason, ToolChoice, Usage } from '../../model/chat-model.js';
import type { ChatMessage } from '../../model/messages.js';
import type { StopReason } from '../../model/stop-reason.js';
import type { Handoff } from '../handoffs/handoff.js';
import type { ToolUsageEntry } from '../../toolsets/tool-usage.js';
import type { SubRunSummary } from '../sub-run-summary.js';

/**
 * The version of the run state format this package writes. It reads this one and every older one
 * (version 1: the same fields, without `checkpointVersion` and `session`).
 */
export const runStateVersion = 2;

/** The marker of a serialized run state. */
export const runStateType = 'toolcraft.run-state';

/**
 * What the host decided for a waiting call; `at` is when it was given (ms since the epoch), so that of
 * two copies of a state given different decisions the later one wins when they are merged. @internal
 */
export type CallDecision = (
  { kind: 'approved'; arguments?: string } | { kind: 'rejected'; reason?: string } | { kind: 'resolved'; content: string }
) & { at?: number };

/** An update given with `state.update`; `at` is when it was given (ms since the epoch), by which copies' updates are merged. @internal */
export interface PendingUpdate {
  value: string;
  final: boolean;
  at?: number;
}

/** A recorded result of a call: what the model is (or was) sent. @internal */
export interface RecordedResult {
  content: string;
  isError: boolean;
  /** The parts the model is sent instead of `content`, for a result with an image or a file. */
  parts?: readonly ContentPart[];
}

/** One call of the batch the run is in, in the model's order. @internal */
export interface BatchEntry {
  callId: string;
  toolName: string;
  /** The model's arguments, or the ones an approval edited. */
  arguments: string;
  /** Why the call waits for the host, when it does (`'agent'`: an `AgentTool` whose agent's run waits, see `subRun`). */
  gate?: 'approval' | 'result' | 'credential' | 'agent';
  /** The call started in a process that died before its result was recorded, and is not idempotent. */
  inDoubt?: boolean;
  /** When the call was put in doubt (ms since the epoch): an answer to an earlier in-doubt question does not answer a later one. */
  inDoubtAt?: number;
  /** What a `'credential'` gate asked for. */
  request?: CredentialRequest;
  /** The state of the paused run of an `'agent'` gate's agent, resumed when the call runs again. */
  subRun?: RunRecord;
  decision?: CallDecision;
  /** The call was started (and a checkpoint may say so before its result is recorded). */
  started?: boolean;
  result?: RecordedResult;
}

/** Actions tools asked for that the run had not acted on when the state was taken. @internal */
export interface SavedActions {
  transferToAgent?: string;
  escalate?: boolean;
  skipSummarization?: boolean;
  /** The call whose tool asked for `skipSummarization`. */
  skipSummarizationSetBy?: string;
}

/** A long-running call whose final result has not been delivered yet. @internal */
export interface PendingEntry {
  callId: string;
  toolName: string;
  arguments: string;
  initialResult: string;
  /** Updates given with `state.update`, not yet delivered to the model. */
  updates: PendingUpdate[];
  /** The final update was given. */
  final?: boolean;
}

/** Where a run stands: `'running'` in a checkpoint taken mid-run, else the reason it stopped. @internal */
export type RunStatus = 'running' | StopReason;

/** The session a run saves to, and what of the run it has saved. */
export interface SessionMark {
  appName: string;
  userId: string;
  sessionId: string;
  /** How many of the record's messages the session has (as they were, or with an answer in place of a waiting call). */
  savedMessages: number;
  /** The calls the session was told were not executed because they waited for the host; their real results go to it on resume. */
  placeholders: string[];
  /** The calls of the waiting batch the session already has an answer for (real or a placeholder). */
  answered?: string[];
  /** How many appends the session got from this run (each append's id is unique to it). */
  appends?: number;
  /** Of the run's state changes, a digest of each value the session got from this run (what it sent again would overwrite a newer value). */
  sentState?: Record<string, string>;
  /**
   * Appends planned before they were sent (saved in the checkpoint first): each is sent as it was, under
   * its id, before anything newer, so that a session that got one already drops it (a retry from a
   * checkpoint whose moved mark was never saved sends nothing twice).
   */
  planned?: PlannedAppend[];
}

/** An append to a run's session planned before it was sent, and the session mark once the session has it. @internal */
export interface PlannedAppend {
  appendId: string;
  messages: ChatMessage[];
  stateDelta: Record<string, unknown>;
  /** The mark after it (with no plans of its own). */
  mark: SessionMark;
}

/**
 * The one record of a run: every piece of its state, kept and moved on by its `Run`, and what is
 * saved (`JSON.stringify(run.state)` and checkpoints copy it). Internal: the saved form is opaque to
 * users, versioned by `version`.
 * @internal
 */
export interface RunRecord {
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
  /** The version of the checkpoint store's copy this record was last saved as or read from (compare-and-set). */
  checkpointVersion?: number;
  /** The session the run saves to, when it was started with one. */
  session?: SessionMark;
  /** How many answers that did not fit the agent's `outputType` went back to the model so far (all resumes together). */
  outputRetries?: number;
}

/**
 * The record of a new run.
 * @param runId - the run's id
 * @param agentName - the agent's name
 * @returns a record with nothing done yet
 */
export function newRunRecord(runId: string, agentName: string): RunRecord {
  return {
    type: runStateType,
    version: runStateVersion,
    runId,
    agentName,
    status: 'running',
    messages: [],
    toolCalls: [],
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    state: {},
    changed: [],
    iterations: 0,
    toolCallCount: 0,
    elapsedMs: 0,
    pending: [],
    done: [],
    // In the literal (not added by the run): a field added to a smaller object allocates a second store.
    toolUsage: {},
  };
}
