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

/** Provides metadata entries for a call. */
export type MetadataProvider = (context: ToolCallContext) => MetadataEntries | ToolCallMetadata | undefined;

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
}) => void | Promise<void>;

/** A provider or interceptor that threw: reported, never fatal to the call. */
export interface FeatureErrorReport {
  /** The feature whose handler threw. */
  feature: string;
  /** Which handler it was. */
  stage: 'metadata' | 'starting' | 'validationFailed' | 'completed' | 'failed';
  /** The call it happened on. */
  callId: string;
  /** What was thrown. */
  error: unknown;
}
