import { context as otelContext, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ToolPipeline } from '@toolcraft/core';
import { GenAI, Operations } from './attributes.js';
import { errorType } from './error-type.js';
import { agentAttributes } from './handoff-spans.js';
import { RunSpans } from './run-spans.js';
import { isNoop, untracedRun } from './span-registry.js';
import type { Tracing } from './tracing.js';

/**
 * Records an `invoke_agent {agent}` span per run (agent name, its model's provider and model), a child of the span active when the run starts, and
 * ends it when the run ends (with `error.type` and an error status when the run rejected), after the
 * span of the agent answering if the run handed off. A run whose
 * span is a no-op (a no-op tracer and no valid parent: nothing can record it or its children) is marked
 * untraced, and its model and tool calls cost the feature one lookup each (its model-call hooks and
 * execution scopes are installed at the first traced run, when the tracer was a no-op at install).
 * @param pipeline - where the hooks go
 * @param tracing - the feature, tracer and open spans
 * @param traceCalls - installs the hooks of the run's calls, if they are not yet (called for a traced run)
 */
export function installRunSpans(pipeline: ToolPipeline, tracing: Tracing, traceCalls: () => void): void {
  const { feature, tracer, spans } = tracing;
  pipeline.onRunStarting(feature, ({ runId, agentName, model }) => {
    const parent = otelContext.active();
    const provider = model.provider ?? 'unknown';
    const span = tracer.startSpan(
      `${Operations.invokeAgent} ${agentName}`,
      { kind: SpanKind.INTERNAL, attributes: agentAttributes(agentName, model) },
      parent,
    );
    if (isNoop(span)) {
      spans.runs.set(runId, untracedRun);
      return;
    }
    traceCalls();
    spans.runs.set(runId, new RunSpans({ span, context: trace.setSpan(parent, span) }, agentName, provider));
  });
  pipeline.onRunCompleted(feature, ({ runId, error, stopReason }) => {
    const open = spans.runs.get(runId);
    if (open === undefined) return;
    spans.runs.delete(runId);
    if (open === untracedRun) return;
    const failed = error !== undefined || stopReason === undefined;
    for (const { span } of open.handedTo === undefined ? [open.run] : [open.handedTo, open.run]) {
      if (failed) {
        span.setAttribute(GenAI.errorType, errorType(error));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    }
  });
}
