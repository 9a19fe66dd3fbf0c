import { FrameworkKeys } from '../metadata/framework-keys.js';
import { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { ToolExecutionOptions } from './agent-environment-options.js';
import type { ToolCallContext } from './feature.js';
import type { ToolPipeline } from './tool-pipeline.js';

/**
 * The metadata of one call: the features' contributions in installation order, then the caller's,
 * then (for tools that read metadata or context) the framework's own entries, which win over both.
 * A provider that throws is reported and skipped.
 * @param pipeline - the environment's pipeline
 * @param context - what providers are told of the call
 * @param callerMetadata - the caller's metadata
 * @param signal - the call's signal, or undefined when the tool needs no framework entries
 * @param options - the run's context and id
 * @returns the merged metadata
 */
export function callMetadata(
  pipeline: ToolPipeline,
  context: ToolCallContext,
  callerMetadata: ToolCallMetadata,
  signal: AbortSignal | undefined,
  options: ToolExecutionOptions,
): ToolCallMetadata {
  let metadata = ToolCallMetadata.empty;
  for (const { feature, handler } of pipeline.metadataProviders) {
    try {
      metadata = metadata.merge(handler(context));
    } catch (error) {
      pipeline.report({ feature, stage: 'metadata', callId: context.call.id, error });
    }
  }
  metadata = metadata.merge(callerMetadata);
  return signal === undefined ? metadata : metadata.merge(frameworkEntries(context.call.id, signal, options, metadata));
}

function frameworkEntries(id: string, signal: AbortSignal, options: ToolExecutionOptions, supplied: ToolCallMetadata): ToolCallMetadata {
  const entries: Array<[(typeof FrameworkKeys)[keyof typeof FrameworkKeys], unknown]> = [
    [FrameworkKeys.toolCallId, id],
    [FrameworkKeys.signal, signal],
  ];
  if (options.runId !== undefined) entries.push([FrameworkKeys.runId, options.runId]);
  // The run's context wins; outside a run, a context the caller supplied (unit tests, SafeTool) is bound
  // to this call too, so its signal sees the call's timeout and cancellation.
  const context = options.agentContext ?? supplied.get(FrameworkKeys.agentContext);
  if (typeof context?.forToolCall === 'function') entries.push([FrameworkKeys.agentContext, context.forToolCall(id, signal)]);
  return ToolCallMetadata.of(entries);
}
