import type { AgentContext } from '../context/agent-context.js';
import type { ChatModel, ChatRequest, ChatResponse, FinishReason, Usage } from '../model/chat-model.js';
import type { StopReason } from '../model/stop-reason.js';

/** What every agent-level hook is told of the run. */
export interface RunHookContext {
  /** The run's id. */
  runId: string;
  /**
   * The agent answering: the run's agent, or, after a handoff (`onHandoff`), the agent of the run's
   * tree that took over (for `onRunStarting`, always the agent `run` or `resume` was called on).
   */
  agentName: string;
  /** The run's context (its state and signal). */
  agentContext: AgentContext;
  /** The model of the agent answering. */
  model: ChatModel;
}

/** Told to `onRunStarting` handlers, before the first model call. */
export interface RunStartingEvent extends RunHookContext {
  /** The user's message. */
  input: string;
}

/** Told to `onModelCallStarting` handlers, before each model call (retries of one call included in it). */
export interface ModelCallStartingEvent extends RunHookContext {
  /** The request sent (the transcript, tools and tool choice). */
  request: Readonly<ChatRequest>;
  /** Which model call of the run this is, from 0. */
  iteration: number;
}

/** Told to `onModelCallCompleted` handlers, after the model answered. */
export interface ModelCallCompletedEvent extends ModelCallStartingEvent {
  /** The model's answer. */
  response: ChatResponse;
  /** The call's token counts, when the provider said. */
  usage?: Usage;
  /** Why the model stopped, when the provider said. */
  finishReason?: FinishReason;
}

/** Told to `onModelCallFailed` handlers, when a model call failed for good (after its retries) or was cancelled. */
export interface ModelCallFailedEvent extends ModelCallStartingEvent {
  /** What the call failed with (the run's abort reason when it was cancelled). */
  error: unknown;
}

/**
 * Told to `onRunCompleted` handlers once a run ended: with its `stopReason` (and no `error`), or,
 * when the run rejected (a model call that failed for good), with the `error` (and no `stopReason`).
 */
export interface RunCompletedEvent extends RunHookContext {
  /** Why the run stopped; absent when it failed. */
  stopReason?: StopReason;
  /** The run's summed token counts. */
  usage: Usage;
  /** How long the run took, in ms. */
  durationMs: number;
  /** What the run rejected with, when it failed. */
  error?: unknown;
}

/**
 * Told to `onHandoff` handlers when a run's conversation passes to another agent of its tree (the
 * agent's `subAgents`, its parent, its peers), after the tool call that asked for it and before the
 * new agent's first model call. `agentName` and `model` are the new agent's.
 */
export interface HandoffEvent extends RunHookContext {
  /** The agent that handed over. */
  from: string;
  /** The agent that took over (`agentName`). */
  to: string;
  /** `'transfer'`: a tool set `actions.transferToAgent` (or the model called `transfer_to_agent`); `'escalate'`: a sub-agent escalated to its parent. */
  kind: 'transfer' | 'escalate';
}

/** Called once a run starts. */
export type RunStartingHandler = (event: RunStartingEvent) => void | Promise<void>;
/** Called before each model call. */
export type ModelCallStartingHandler = (event: ModelCallStartingEvent) => void | Promise<void>;
/** Called after each model call that answered. */
export type ModelCallCompletedHandler = (event: ModelCallCompletedEvent) => void | Promise<void>;
/** Called after each model call that failed for good or was cancelled. */
export type ModelCallFailedHandler = (event: ModelCallFailedEvent) => void | Promise<void>;
/** Called when a run hands its conversation to another agent. */
export type HandoffHandler = (event: HandoffEvent) => void | Promise<void>;
/** Called once a run ended, whatever way. */
export type RunCompletedHandler = (event: RunCompletedEvent) => void | Promise<void>;

/** What a scope is opened around: a run, a model call or a tool call. */
export type ExecutionScope =
  | { kind: 'run'; runId: string; agentName: string }
  | { kind: 'modelCall'; runId: string; agentName: string; iteration: number }
  | { kind: 'toolCall'; runId?: string; callId: string; toolName: string };

/**
 * Runs `next` inside something of the feature's for the duration of a run, model call or tool call
 * (an OpenTelemetry context with the span active, an `AsyncLocalStorage` value). It must call `next`
 * once, synchronously, and return what it returns; a wrapper that throws or never calls `next` is
 * reported and `next` runs without it.
 */
export type ScopeWrapper = <T>(scope: ExecutionScope, next: () => T) => T;
