import { type Attributes, SpanKind, trace } from '@opentelemetry/api';
import type { ChatModel, ToolPipeline } from '@toolcraft/core';
import { GenAI, HandoffAttributes, Operations } from './attributes.js';
import type { RunSpans } from './run-spans.js';
import { untracedRun } from './span-registry.js';
import type { Tracing } from './tracing.js';

/**
 * Records an `invoke_agent {agent}` span for each agent a run hands its conversation to (`subAgents`,
 * `transfer_to_agent`, an escalation), a child of the run's span, from the handoff until the next one
 * or the run's end; the agent's `chat` and `execute_tool` spans are its children.
 * @param pipeline - where the hooks go
 * @param tracing - the feature, tracer and open spans
 */
export function installHandoffSpans(pipeline: ToolPipeline, tracing: Tracing): void {
  const { feature, spans } = tracing;
  pipeline.onHandoff(feature, ({ runId, agentName, model, from, kind }) => {
    const run = spans.runs.get(runId);
    if (run === undefined || run === untracedRun) return;
    handOver(tracing, run, agentName, model, { [HandoffAttributes.from]: from, [HandoffAttributes.kind]: kind });
  });
}

/**
 * The attributes of an `invoke_agent` span: the operation, the agent, and its model's provider
 * (required by the conventions; `'unknown'` when the model does not say) and name.
 * @param agentName - the agent
 * @param model - its model
 * @param provider - the provider to name when the model is unknown (the agent before it)
 * @returns the attributes
 */
export function agentAttributes(agentName: string, model: ChatModel | undefined, provider?: string): Attributes {
  const attributes: Attributes = {
    [GenAI.operationName]: Operations.invokeAgent,
    [GenAI.agentName]: agentName,
    [GenAI.providerName]: model?.provider ?? provider ?? 'unknown',
  };
  if (model?.modelId !== undefined) attributes[GenAI.requestModel] = model.modelId;
  return attributes;
}

/**
 * Makes sure the run's calls go under the span of the agent answering: a resumed run whose answering
 * agent is not the one it started with (nor the one its last span is of) gets that agent's span here,
 * before its first model or tool call.
 * @param tracing - the tracer
 * @param run - the run's spans
 * @param agentName - the agent answering, as the call's hook or context says
 * @param model - its model, when the hook says (else the provider stays the last agent's)
 */
export function followAgent(tracing: Tracing, run: RunSpans, agentName: string | undefined, model?: ChatModel): void {
  if (agentName !== undefined && agentName !== run.agentName) handOver(tracing, run, agentName, model, {});
}

/**
 * Ends the span of the agent that handed over (if it was one that took over) and starts the new agent's.
 * @param tracing - the tracer
 * @param run - the run's spans
 * @param agentName - the agent taking over
 * @param model - its model, if known
 * @param handoff - what is known of the handoff
 */
function handOver(tracing: Tracing, run: RunSpans, agentName: string, model: ChatModel | undefined, handoff: Attributes): void {
  run.handedTo?.span.end();
  const attributes = { ...handoff, ...agentAttributes(agentName, model, run.provider) };
  run.provider = attributes[GenAI.providerName] as string;
  const parent = run.run.context;
  const span = tracing.tracer.startSpan(`${Operations.invokeAgent} ${agentName}`, { kind: SpanKind.INTERNAL, attributes }, parent);
  run.handedTo = { span, context: trace.setSpan(parent, span) };
  run.agentName = agentName;
}
