import type { AgentContext } from '../context/agent-context.js';
import type { ToolArgumentsError } from '../errors/tool-arguments-error.js';
import type { MetadataEntries, ToolCallMetadata } from '../metadata/tool-call-metadata.js';
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

/** Called once a call's arguments are decoded, before the tool runs. */
export type ToolCallStartingHandler = (event: ToolCallContext & { metadata: ToolCallMetadata }) => void | Promise<void>;

/** Called when a call's arguments fail to decode. */
export type ToolValidationFailedHandler = (event: {
  call: { id: string; name: string; arguments: unknown };
  tool: AnyTool;
  error: ToolArgumentsError;
}) => void | Promise<void>;

/** Called when a call succeeded. */
export type ToolCallCompletedHandler = (event: ToolCallContext & { result: ReceivedToolResult }) => void | Promise<void>;

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
 * A provider or interceptor that threw, rejected, or was still pending when its call's time limit
 * passed or the call was cancelled (then `error` is the call's `ToolTimeoutError` or
 * `ToolCancelledError`): reported, never fatal to the call.
 */
export interface FeatureErrorReport {
  /** The feature whose handler threw. */
  feature: string;
  /** Which handler it was. */
  stage:
    | 'metadata'
    | 'starting'
    | 'validationFailed'
    | 'completed'
    | 'failed'
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
