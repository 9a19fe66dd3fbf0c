import type { AgentState } from '../context/agent-state.js';
import type { MetadataEntries, ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { AgentToolsItem } from '../toolsets/tool-sources.js';
import type { ModelSettings, ToolChoice } from '../model/chat-model.js';
import type { ChatMessage } from '../model/messages.js';
import type { Session } from './session.js';
import type { CheckpointStore } from '../checkpoints/checkpoint-store.js';

/** Options of one `agent.run(...)`. */
export interface RunOptions {
  /** Metadata for every tool call of the run; it wins over features' metadata. */
  metadata?: ToolCallMetadata | MetadataEntries;
  /** Cancels the run: it stops with `'aborted'`, in-flight model and tool calls included. */
  signal?: AbortSignal;
  /** The state the run starts with (copied; the run's changes are in `RunResult.stateDelta`). */
  state?: Readonly<Record<string, unknown>> | AgentState;
  /**
   * Earlier messages of the conversation, sent after the instructions and before the new
   * user message. Their system messages are dropped (the agent's instructions replace them),
   * so a previous `run.messages` can be passed as it is.
   */
  history?: readonly ChatMessage[];
  /**
   * The session the run belongs to (`store.open({ appName, userId, sessionId })`): the run starts
   * from its messages (before `history`) and state (under `state`), and appends its new messages and
   * state delta to it when it ends, also when it fails or is aborted.
   */
  session?: Session;
  /** How the model may use tools in this run; wins over the agent's `toolChoice`. */
  toolChoice?: ToolChoice;
  /** Sampling settings of this run's model calls; each wins over the agent's `modelSettings`. */
  modelSettings?: ModelSettings;
  /** Options for the model adapter in this run; each key wins over the agent's `providerOptions`. */
  providerOptions?: Record<string, unknown>;
  /**
   * Tools offered in this run only, besides the agent's (tools, services, registries or toolsets;
   * toolsets given here are not closed by `agent.close()`). The agent's `toolFilter` applies to them too.
   */
  tools?: readonly AgentToolsItem[];
  /**
   * Where the run's checkpoints are saved (crash recovery): before and after each batch of tool calls,
   * as results arrive, and when the run stops. `agent.recover(runId, { checkpoints })` continues it.
   */
  checkpoints?: CheckpointStore;
  /**
   * The run's id (default a random UUID): choose it when you need to know it before the run ends, e.g.
   * to `agent.recover(runId, { checkpoints })` after the process died. Must be unique per run.
   */
  runId?: string;
}

/**
 * Options of `agent.resume(state, options)` and `agent.recover(runId, options)`. `session`, when the run
 * was started with one: that same session, which then gets the resumed part of the run (the real
 * results of the calls it was told had not run yet, and what follows).
 */
export type ResumeOptions = Pick<
  RunOptions,
  'metadata' | 'signal' | 'tools' | 'checkpoints' | 'session' | 'modelSettings' | 'providerOptions'
> & {
  /**
   * Resume with `checkpoints` a state that was checkpointed (it has a checkpoint version) although the
   * store has no checkpoint of its run any more (it expired, `ttlSeconds`, or was deleted): its
   * checkpoints start again at version 1. Without it such a resume is refused with
   * `InvalidRunStateError`, since nothing then tells whether a newer copy of the state ran since (it
   * would repeat that copy's calls). Set it only when you know this is the run's latest state.
   */
  allowMissingCheckpoint?: boolean;
  /**
   * Resume or recover with `checkpoints` a run whose checkpoint says another process is running it
   * (`RunInProgressError` otherwise), because you know that process has died: one of another host,
   * before the run's time limit would have ended it. A dead process of this host, and any owner past
   * the run's `maxDurationMs`, are taken over without it. Taking over a live run makes its calls run twice.
   */
  takeOver?: boolean;
};
