import { context as otelContext, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ExecutionScope, Feature, ToolPipeline } from '@toolcraft/core';
import { GenAI, Operations } from './attributes.js';
import { errorType } from './error-type.js';
import type { OpenTelemetryOptions } from './open-telemetry-options.js';
import { SpanRegistry } from './span-registry.js';
import { installToolSpans } from './tool-spans.js';

const packageName = '@toolcraft/opentelemetry';

/**
 * A feature that traces agent runs by the OpenTelemetry GenAI semantic conventions:
 * `invoke_agent {agent}` per run (nested under the active span, so a sub-agent run inside a tool
 * nests under that tool's span), `chat {model}` per model call (kind CLIENT, provider, model, token
 * usage, finish reasons) and `execute_tool {tool}` per tool call (name, call id, description, type,
 * `error.type` and an error status on failure). Runs, model calls and tool calls execute with their
 * span active, so other instrumentation (HTTP) nests under them. Content only with `captureContent`.
 * @param options - the tracer and whether to record content
 * @returns the feature, for `new Agent({ features: [openTelemetry()] })`
 * @example
 * const agent = new Agent({ model, registry, features: [openTelemetry({ tracer: provider.getTracer('app') })] });
 */
export function openTelemetry(options: OpenTelemetryOptions = {}): Feature {
  const tracer = options.tracer ?? trace.getTracer(packageName);
  const captureContent = options.captureContent === true;
  const spans = new SpanRegistry();
  const feature: Feature = {
    name: 'opentelemetry',
    install(pipeline: ToolPipeline) {
      pipeline.onRunStarting(feature, ({ runId, agentName }) => {
        const parent = otelContext.active();
        const span = tracer.startSpan(
          `${Operations.invokeAgent} ${agentName}`,
          { kind: SpanKind.INTERNAL, attributes: { [GenAI.operationName]: Operations.invokeAgent, [GenAI.agentName]: agentName } },
          parent,
        );
        spans.runs.set(runId, { span, context: trace.setSpan(parent, span) });
      });
      pipeline.onModelCallStarting(feature, ({ runId, model, request }) => {
        const parent = spans.runs.get(runId)?.context ?? otelContext.active();
        const modelName = model.modelId ?? 'unknown';
        const span = tracer.startSpan(
          `${Operations.chat} ${modelName}`,
          {
            kind: SpanKind.CLIENT,
            attributes: {
              [GenAI.operationName]: Operations.chat,
              [GenAI.providerName]: model.provider ?? 'unknown',
              [GenAI.requestModel]: modelName,
              ...(captureContent ? { [GenAI.inputMessages]: JSON.stringify(request.messages) } : {}),
            },
          },
          parent,
        );
        spans.modelCalls.set(runId, { span, context: trace.setSpan(parent, span) });
      });
      pipeline.onModelCallCompleted(feature, ({ runId, usage, finishReason, response }) => {
        const open = spans.modelCalls.get(runId);
        if (open === undefined) return;
        spans.modelCalls.delete(runId);
        if (usage !== undefined)
          open.span.setAttributes({ [GenAI.inputTokens]: usage.inputTokens, [GenAI.outputTokens]: usage.outputTokens });
        if (finishReason !== undefined) open.span.setAttribute(GenAI.finishReasons, [finishReason]);
        if (captureContent) open.span.setAttribute(GenAI.outputMessages, JSON.stringify([response.message]));
        open.span.end();
      });
      pipeline.onModelCallFailed(feature, ({ runId, error }) => {
        const open = spans.modelCalls.get(runId);
        if (open === undefined) return;
        spans.modelCalls.delete(runId);
        open.span.setAttribute(GenAI.errorType, errorType(error));
        open.span.setStatus({ code: SpanStatusCode.ERROR });
        open.span.end();
      });
      pipeline.onRunCompleted(feature, ({ runId, error, stopReason }) => {
        const open = spans.runs.get(runId);
        if (open === undefined) return;
        spans.runs.delete(runId);
        if (error !== undefined || stopReason === undefined) {
          open.span.setAttribute(GenAI.errorType, errorType(error));
          open.span.setStatus({ code: SpanStatusCode.ERROR });
        }
        open.span.end();
      });
      installToolSpans(pipeline, feature, tracer, spans, captureContent);
      pipeline.wrapExecution(feature, <T>(scope: ExecutionScope, next: () => T): T => {
        const open =
          scope.kind === 'run'
            ? spans.runs.get(scope.runId)
            : scope.kind === 'modelCall'
              ? spans.modelCalls.get(scope.runId)
              : spans.toolCalls.get(SpanRegistry.toolKey(scope.runId, scope.callId));
        return open === undefined ? next() : otelContext.with(open.context, next);
      });
    },
  };
  return feature;
}
