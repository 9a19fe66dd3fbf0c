import type { InterruptionKind } from '../pausing/interruption.js';
import type { ReceivedToolResult } from '../../environment/tool-call.js';
import type { AssistantMessage } from '../../model/messages.js';
import type { StopReason } from '../../model/stop-reason.js';
import type { RunResult } from '../run-result.js';
import type { ToolCallRepairer } from '../repair/tool-call-repair.js';

/** What every event of a streamed run carries. */
export interface AgentEventBase {
  /** The agent the event is about (after a handoff, the agent that took over). */
  agentName: string;
  /** The run's id. */
  runId: string;
  /**
   * Present on the events of a nested run that reach its parent's stream (an `AgentTool`'s agent, an
   * agent of a workflow agent): the id of the run that started it. Absent on the events of the run you streamed.
   */
  parentRunId?: string;
  /** Present on the events of an `AgentTool`'s agent: the id of the parent's tool call that runs it. */
  parentCallId?: string;
}

/** A piece of the model's answer text, as it arrives; a run's deltas concatenate to its messages' text. */
export interface AgentTextDeltaEvent extends AgentEventBase {
  type: 'text_delta';
  /** The new text. */
  delta: string;
}

/** A complete assistant message (text, tool calls or both), once the model finished it. */
export interface AgentMessageEvent extends AgentEventBase {
  type: 'message';
  /** The message, as it enters the transcript. */
  message: AssistantMessage;
}

/**
 * A call of the model's answer that could not run as sent (an unknown tool, arguments that are not
 * JSON) was mended by `repairJson` or `repairToolCall`, before its `tool_call_started`: the call that
 * runs is `toolName` with `arguments`; `original` is what the model sent.
 */
export interface AgentToolCallRepairedEvent extends AgentEventBase {
  type: 'tool_call_repaired';
  /** The call's id (unchanged). */
  callId: string;
  /** The tool's name after the repair. */
  toolName: string;
  /** The JSON arguments after the repair. */
  arguments: string;
  /** What mended it, in order. */
  by: readonly ToolCallRepairer[];
  /** The call as the model sent it. */
  original: { name: string; arguments: string };
}

/** A tool call handed to the environment. */
export interface AgentToolCallStartedEvent extends AgentEventBase {
  type: 'tool_call_started';
  /** The call's id. */
  callId: string;
  /** The tool's name, as the model sent it. */
  toolName: string;
  /** The model's raw JSON arguments. */
  arguments: string;
}

/** A progress report of a running tool call (`context.reportProgress`). */
export interface AgentToolProgressEvent extends AgentEventBase {
  type: 'tool_progress';
  /** The call's id. */
  callId: string;
  /** The tool's name. */
  toolName: string;
  /** How much is done. */
  done: number;
  /** How much there is in all, when the tool knows. */
  total?: number;
  /** A short line on what is happening, when the tool gave one. */
  message?: string;
}

/** A tool call's result (success or error), as soon as that call is done. */
export interface AgentToolCallCompletedEvent extends AgentEventBase {
  type: 'tool_call_completed';
  /** The call's id. */
  callId: string;
  /** The tool's name, as the model sent it. */
  toolName: string;
  /** The result sent back to the model. */
  result: ReceivedToolResult;
  /** The feature whose `onToolCallStarting` handler blocked the call (`result.error` is its `ToolBlockedError`), when one did. */
  blockedBy?: string;
  /** The features whose `onToolCallStarting` handlers replaced the call's arguments, in order, when any did. */
  argumentsReplacedBy?: readonly string[];
  /** The features whose `onToolCallCompleted` handlers replaced what the model is sent, in order, when any did. */
  contentReplacedBy?: readonly string[];
}

/** The run continues with another agent (a handoff). */
export interface AgentHandoffEvent extends AgentEventBase {
  type: 'handoff';
  /** The agent taking over. */
  to: string;
}

/** A tool call that needs the host (an approval, a result, a credential): the run stops `'interrupted'`. */
export interface AgentInterruptionEvent extends AgentEventBase {
  type: 'interruption';
  /** What the host is asked for (`'approval'`, `'result'`, `'credential'`). */
  kind: InterruptionKind;
  /** The call's id. */
  callId: string;
  /** The tool's name. */
  toolName: string;
  /** The call's JSON arguments, as the model sent them (what an approval is asked for), as in `run.interruptions`. */
  arguments: string;
}

/**
 * The run's structured output (the agent has an `outputType` and the answer fitted it), just before
 * `run_completed`; the same value as `result.output`. Only the streamed run's own: the runs nested in it
 * (an `AgentTool`'s agent, a workflow agent's agents) do not emit it into its stream.
 */
export interface AgentOutputEvent<TOutput = unknown> extends AgentEventBase {
  type: 'output';
  /** The decoded output. */
  output: TOutput;
}

/** The last event of a run that ended (not of one that rejected: then iterating throws its error). */
export interface AgentRunCompletedEvent extends AgentEventBase {
  type: 'run_completed';
  /** Why the run stopped. */
  stopReason: StopReason;
  /** The run's result, the same `stream.result` resolves with. */
  result: RunResult;
}

/** One event of `agent.stream(...)`. Switch on `type`. `TOutput` types the `output` event (the agent's output type). */
export type AgentEvent<TOutput = unknown> =
  | AgentTextDeltaEvent
  | AgentMessageEvent
  | AgentToolCallRepairedEvent
  | AgentToolCallStartedEvent
  | AgentToolProgressEvent
  | AgentToolCallCompletedEvent
  | AgentHandoffEvent
  | AgentInterruptionEvent
  | AgentOutputEvent<TOutput>
  | AgentRunCompletedEvent;

/** An event as code inside the run emits it: `agentName` and `runId` default to the run's. */
export type AgentEventInput = AgentEvent extends infer E
  ? E extends AgentEvent
    ? Omit<E, 'agentName' | 'runId' | 'parentRunId' | 'parentCallId'> & Partial<Pick<AgentEventBase, 'agentName' | 'runId'>>
    : never
  : never;
