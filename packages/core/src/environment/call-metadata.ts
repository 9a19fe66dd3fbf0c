import type { ToolProgressSink } from '../context/tool-progress.js';
import { FrameworkKeys } from '../metadata/framework-keys.js';
import { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { ToolExecutionOptions } from './agent-environment-options.js';
import type { CallGuard } from './bounded-await.js';
import type { ToolCallContext } from './feature.js';
import { failedHandler, type Registered, type ToolPipeline } from './tool-pipeline.js';
import type { MetadataProvider } from './feature.js';
import { isPromiseLike } from './is-promise-like.js';

/**
 * The metadata of one call: the features' contributions in installation order, then the caller's,
 * then (for tools that read metadata or context) the framework's own entries, which win over both.
 * A provider that throws, rejects or returns something that is not metadata is reported and skipped.
 * A provider may return a promise: it is awaited through the call's guard (a provider still pending
 * when the call stops is reported, and the stop error is thrown). Synchronous providers cost no promise.
 * What a feature returns is copied by its entries (its methods are never called), and a feature
 * cannot set the framework's private keys.
 * @param pipeline - the environment's pipeline
 * @param context - what providers are told of the call
 * @param callerMetadata - the caller's metadata
 * @param signal - the call's signal, or undefined when the tool needs no framework entries
 * @param options - the run's context and id
 * @param guard - the call's guard, if it has one
 * @param progress - where the call's `context.reportProgress` goes, when it has a listener
 * @returns the merged metadata, or a promise of it when a provider is async
 * @throws the guard's stop error when the call stops while a provider is awaited
 */
export function callMetadata(
  pipeline: ToolPipeline,
  context: ToolCallContext,
  callerMetadata: ToolCallMetadata,
  signal: AbortSignal | undefined,
  options: ToolExecutionOptions,
  guard: CallGuard | undefined,
  progress?: ToolProgressSink,
): ToolCallMetadata | Promise<ToolCallMetadata> {
  const providers = pipeline.metadataProviders;
  let metadata = ToolCallMetadata.empty;
  for (let index = 0; index < providers.length; index++) {
    const { feature, handler } = providers[index]!;
    let provided: unknown;
    try {
      provided = handler(context);
      if (isPromiseLike(provided))
        return awaitProviders(pipeline, context, metadata, index, provided, guard, callerMetadata, signal, options, progress);
    } catch (error) {
      pipeline.report({ feature, stage: 'metadata', callId: context.call.id, error });
      continue;
    }
    metadata = fold(pipeline, metadata, provided, feature, context.call.id);
  }
  return finish(metadata, context.call.id, callerMetadata, signal, options, progress);
}

async function awaitProviders(
  pipeline: ToolPipeline,
  context: ToolCallContext,
  folded: ToolCallMetadata,
  index: number,
  pending: unknown,
  guard: CallGuard | undefined,
  callerMetadata: ToolCallMetadata,
  signal: AbortSignal | undefined,
  options: ToolExecutionOptions,
  progress: ToolProgressSink | undefined,
): Promise<ToolCallMetadata> {
  const providers: readonly Registered<MetadataProvider>[] = pipeline.metadataProviders;
  const callId = context.call.id;
  let metadata = folded;
  for (let current = index; current < providers.length; current++) {
    const { feature, handler } = providers[current]!;
    let provided: unknown;
    try {
      provided = current === index ? pending : handler(context);
    } catch (error) {
      pipeline.report({ feature, stage: 'metadata', callId, error });
      continue;
    }
    provided = await pipeline.settle(provided, feature, 'metadata', callId, guard);
    if (provided !== failedHandler) metadata = fold(pipeline, metadata, provided, feature, callId);
  }
  return finish(metadata, callId, callerMetadata, signal, options, progress);
}

function fold(pipeline: ToolPipeline, metadata: ToolCallMetadata, provided: unknown, feature: string, callId: string): ToolCallMetadata {
  if (provided === undefined || provided === null) return metadata;
  try {
    return metadata.merge(ToolCallMetadata.namedEntriesOf(provided));
  } catch (error) {
    pipeline.report({ feature, stage: 'metadata', callId, error });
    return metadata;
  }
}

function finish(
  metadata: ToolCallMetadata,
  id: string,
  callerMetadata: ToolCallMetadata,
  signal: AbortSignal | undefined,
  options: ToolExecutionOptions,
  progress: ToolProgressSink | undefined,
): ToolCallMetadata {
  const merged = metadata.merge(callerMetadata);
  return signal === undefined ? merged : merged.merge(frameworkEntries(id, signal, options, callerMetadata, progress));
}

function frameworkEntries(
  id: string,
  signal: AbortSignal,
  options: ToolExecutionOptions,
  caller: ToolCallMetadata,
  progress: ToolProgressSink | undefined,
): ToolCallMetadata {
  const entries: Array<[(typeof FrameworkKeys)[keyof typeof FrameworkKeys], unknown]> = [
    [FrameworkKeys.toolCallId, id],
    [FrameworkKeys.signal, signal],
  ];
  if (options.runId !== undefined) {
    entries.push([FrameworkKeys.runId, options.runId]);
    entries.push([FrameworkKeys.idempotencyKey, `${options.runId}:${id}`]);
  }
  // The run's context wins; outside a run, a context the caller supplied (unit tests, SafeTool) is bound
  // to this call too, so its signal sees the call's timeout and cancellation. A feature cannot supply one.
  const context = options.agentContext ?? caller.get(FrameworkKeys.agentContext);
  if (typeof context?.forToolCall === 'function') entries.push([FrameworkKeys.agentContext, context.forToolCall(id, signal, progress)]);
  return ToolCallMetadata.of(entries);
}
