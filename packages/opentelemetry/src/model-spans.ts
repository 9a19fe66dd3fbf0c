import { type Attributes, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { ToolPipeline } from '@toolcraft/core';
import { GenAI, Operations } from './attributes.js';
import { errorType } from './error-type.js';
import { inputMessages, outputMessages } from './gen-ai-messages.js';
import { followAgent } from './handoff-spans.js';
import { untracedRun } from './span-registry.js';
import type { Tracing } from './tracing.js';

/**
 * Records a `chat {model}` span (kind CLIENT) per model call of a traced run, a child of the span of the agent answering:
 * provider, model and server (`server.address`, `server.port`, when the model knows them) at its start;
 * token usage, finish reason, the response's id and model (and, with `captureContent`, the messages in the
 * conventions' schema) at its end; `error.type` and an error status (no message) when the call failed for good.
 * @param pipeline - where the hooks go
 * @param tracing - the feature, tracer and open spans
 */
export function installModelSpans(pipeline: ToolPipeline, tracing: Tracing): void {
  const { feature, tracer, spans, captureContent } = tracing;
  pipeline.onModelCallStarting(feature, ({ runId, agentName, model, request }) => {
    const run = spans.runs.get(runId);
    if (run === undefined || run === untracedRun) return;
    followAgent(tracing, run, agentName, model);
    const modelName = model.modelId ?? 'unknown';
    const attributes: Attributes = {
      [GenAI.operationName]: Operations.chat,
      [GenAI.providerName]: model.provider ?? 'unknown',
      [GenAI.requestModel]: modelName,
    };
    if (model.server !== undefined) {
      attributes[GenAI.serverAddress] = model.server.address;
      if (model.server.port !== undefined) attributes[GenAI.serverPort] = model.server.port;
    }
    if (captureContent) attributes[GenAI.inputMessages] = inputMessages(request.messages);
    const parent = run.parent.context;
    const span = tracer.startSpan(`${Operations.chat} ${modelName}`, { kind: SpanKind.CLIENT, attributes }, parent);
    run.modelCall = { span, context: trace.setSpan(parent, span) };
  });
  pipeline.onModelCallCompleted(feature, ({ runId, usage, finishReason, response }) => {
    const run = spans.runs.get(runId);
    if (run === undefined || run === untracedRun || run.modelCall === undefined) return;
    const { span } = run.modelCall;
    run.modelCall = undefined;
    if (span.isRecording()) {
      if (usage !== undefined) {
        span.setAttribute(GenAI.inputTokens, usage.inputTokens);
        span.setAttribute(GenAI.outputTokens, usage.outputTokens);
      }
      if (finishReason !== undefined) span.setAttribute(GenAI.finishReasons, [finishReason]);
      if (response.id !== undefined) span.setAttribute(GenAI.responseId, response.id);
      if (response.modelId !== undefined) span.setAttribute(GenAI.responseModel, response.modelId);
      if (captureContent) span.setAttribute(GenAI.outputMessages, outputMessages(response));
    }
    span.end();
  });
  pipeline.onModelCallFailed(feature, ({ runId, error }) => {
    const run = spans.runs.get(runId);
    if (run === undefined || run === untracedRun || run.modelCall === undefined) return;
    const { span } = run.modelCall;
    run.modelCall = undefined;
    span.setAttribute(GenAI.errorType, errorType(error));
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}
