import type { AgentContext } from '../context/agent-context.js';
import type { ToolArgumentsError } from '../errors/tool-arguments-error.js';
import type { MetadataEntries, ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { ContentPart } from '../results/content-part.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import type { ReceivedToolResult } from './tool-call.js';
import type { ToolPipeline } from './tool-pipeline.js';

/**
 * A feature: a named plug-in that installs metadata providers and interceptors on the pipeline
 * (Koog's agent features). Pass features to an `AgentEnvironment` or an `Agent`.
 */
export interface Feature {
  /** The feature's name, for reports. */
  readonly name: string;
  /** Registers the feature's providers and interceptors. */
  install(pipeline: ToolPipeline): void;
}

/** What a metadata provider and the interceptors know of a call. */
export interface ToolCallContext {
  /** The call's id (generated when the call had none), the tool name and the decoded arguments. */
  call: { id: string; name: string; arguments: unknown };
  /** The tool being called. */
  tool: AnyTool;
  /** The run's id, when the call belongs to an agent run. */
  runId?: string;
  /** The run's context, when the call belongs to an agent run. */
  agentContext?: AgentContext;
}

/**
 * Provides metadata entries for a call. It may return a promise: it is awaited within the call's time
 * limit and signals (a provider still pending when the call stops is reported and the call ends
 * with the timeout or cancellation).
 */
export type MetadataProvider = (
  context: ToolCallContext,
) => MetadataEntries | ToolCallMetadata | undefined | PromiseLike<MetadataEntries | ToolCallMetadata | undefined>;

/** What an `onToolCallStarting` handler is told: the call (its decoded arguments), the tool, the run and the call's metadata. */
export type ToolCallStartingEvent = ToolCallContext & { metadata: ToolCallMetadata };

/**
 * What an `onToolCallStarting` handler may decide instead of returning nothing:
 * - `{ block: reason }`: the tool does not run; the model gets an error result telling `reason`, and
 *   the host a `ToolBlockedError` naming the feature on `result.error`;
 * - `{ arguments }`: the call runs with these arguments instead (a JSON string or an object, decoded and
 *   validated again like any call's; the next handler sees them). A replacement that fails validation
 *   is an error result whose `HookArgumentsError` names the feature.
 */
export type ToolCallDecision = { block: string } | { arguments: string | Readonly<Record<string, unknown>> };

/**
 * Called once a call's arguments are decoded, before the tool runs. Returns nothing to let the call
 * run as it is, or a {@link ToolCallDecision} (`{ block }`, `{ arguments }`), possibly through a
 * promise; handlers run in installation order, each seeing the arguments the previous ones left.
 */
export type ToolCallStartingHandler = (
  event: ToolCallStartingEvent,
) => void | ToolCallDecision | undefined | Promise<void | ToolCallDecision | undefined>;

/** Called when a call's arguments fail to decode. */
export type ToolValidationFailedHandler = (event: {
  call: { id: string; name: string; arguments: unknown };
  tool: AnyTool;
  error: ToolArgumentsError;
}) => void | Promise<void>;

/** What an `onToolCallCompleted` handler is told: the call, the tool, the run and the result so far. */
export type ToolCallCompletedEvent = ToolCallContext & { result: ReceivedToolResult };

/**
 * What an `onToolCallCompleted` handler may decide instead of returning nothing: `{ content }`, the
 * text or parts the model is sent instead of the result's (redacted, say; cut to `maxResultChars` like
 * any result). The tool's `value` stays on the result for the host, and the result's
 * `contentReplacedBy` names the features that replaced its content.
 */
export interface ToolResultDecision {
  /** What the model sees instead: text, or text, image and file parts. */
  content: string | readonly ContentPart[];
}

/**
 * Called when a call succeeded. Returns nothing, or a {@link ToolResultDecision} (`{ content }`),
 * possibly through a promise; handlers run in installation order, each seeing the content the
 * previous ones left.
 */
export type ToolCallCompletedHandler = (
  event: ToolCallCompletedEvent,
) => void | ToolResultDecision | undefined | Promise<void | ToolResultDecision | undefined>;

/** What an `onToolCallEnded` handler is told: the call, its tool (when known), the run and the final result. */
export interface ToolCallEndedEvent {
  /** The call's id, tool name and arguments (decoded, as the tool got them, when it ran). */
  call: { id: string; name: string; arguments: unknown };
  /** The tool called, when the name was known. */
  tool?: AnyTool;
  /** The result as the model is sent it, after every `onToolCallCompleted` or `onToolCallFailed` handler. */
  result: ReceivedToolResult;
  /** The run's id, when the call belongs to an agent run. */
  runId?: string;
  /** The run's context, when the call belongs to an agent run and reached its tool. */
  agentContext?: AgentContext;
}

/**
 * Called once per call with its final result (what the model is sent), after its
 * `onToolCallCompleted` or `onToolCallFailed` handlers and their decisions: for observers (tracing,
 * audit logs) that must see what a later feature replaced. Not called for a call that waits for the host.
 */
export type ToolCallEndedHandler = (event: ToolCallEndedEvent) => void | Promise<void>;

/** Called when a call failed (unknown tool, bad arguments, a throw, a timeout or a cancellation). */
export type ToolCallFailedHandler = (event: {
  call: { id: string; name: string; arguments: unknown };
  tool?: AnyTool;
  error: unknown;
  result: ReceivedToolResult;
  /** The run's id, when the call belongs to an agent run. */
  runId?: string;
}) => void | Promise<void>;

/**
 * Receives reports of providers and interceptors that failed. What it returns is ignored (it is not
 * awaited); if it throws, or returns a promise that rejects, that is caught and told in a process warning.
 */
export type FeatureErrorListener = (report: FeatureErrorReport) => unknown;

/**
 * A provider or interceptor that threw, rejected, returned something that is not one of its
 * decisions (then `error` is an `InvalidHookDecisionError`), or was still pending when its call's time
 * limit passed or the call was cancelled (then `error` is the call's `ToolTimeoutError` or
 * `ToolCancelledError`): reported, never fatal to the call. The agent's `repairToolCall` is reported
 * the same way (feature `'repairToolCall'`, stage `'repair'`).
 */
export interface FeatureErrorReport {
  /** The feature whose handler threw (`'repairToolCall'` for the agent's repair hook, `'onResult'` for a batch's listener). */
  feature: string;
  /** Which handler it was (`'repair'`: the agent's `repairToolCall`). */
  stage:
    | 'metadata'
    | 'starting'
    | 'validationFailed'
    | 'completed'
    | 'failed'
    | 'ended'
    | 'repair'
    | 'progress'
    | 'runStarting'
    | 'modelCallStarting'
    | 'modelCallCompleted'
    | 'modelCallFailed'
    | 'handoff'
    | 'runCompleted'
    | 'scope';
  /** The call it happened on; `''` for the agent-level stages (`runStarting` ... `runCompleted`, `handoff`). */
  callId: string;
  /** The agent run it happened in, for the agent-level stages. */
  runId?: string;
  /** What was thrown. */
  error: unknown;
}
