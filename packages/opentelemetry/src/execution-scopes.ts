import { context as otelContext } from '@opentelemetry/api';
import type { ExecutionScope, ToolPipeline } from '@toolcraft/core';
import { type OpenSpan, SpanRegistry, untracedRun } from './span-registry.js';
import type { Tracing } from './tracing.js';

/**
 * Runs each run, model call and tool call with its span active (so a sub-agent run in a tool, or an
 * instrumented HTTP request in a model call, nests under it); work of an untraced run runs as it is.
 * @param pipeline - where the wrapper goes
 * @param tracing - the feature and open spans
 */
export function installExecutionScopes(pipeline: ToolPipeline, tracing: Tracing): void {
  const { spans } = tracing;
  pipeline.wrapExecution(tracing.feature, <T>(scope: ExecutionScope, next: () => T): T => {
    const run = spans.run(scope.runId);
    if (run === untracedRun) return next();
    let open: OpenSpan | undefined;
    if (run === undefined)
      open = scope.kind === 'toolCall' ? spans.looseToolCalls.get(SpanRegistry.looseKey(scope.runId, scope.callId)) : undefined;
    else open = scope.kind === 'run' ? run.run : scope.kind === 'modelCall' ? run.modelCall : run.toolCalls.get(scope.callId);
    return open === undefined ? next() : otelContext.with(open.context, next);
  });
}
