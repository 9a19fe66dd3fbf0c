import { type Attributes, SpanKind, trace } from '@opentelemetry/api';
import type { ToolPipeline } from '@toolcraft/core';
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
  pipeline.onHandoff(feature, ({ runId, agentName, from, kind }) => {
    const run = spans.runs.get(runId);
    if (run === undefined || run === untracedRun) return;
    handOver(tracing, run, agentName, { [HandoffAttributes.from]: from, [HandoffAttributes.kind]: kind });
  });
}

/**
 * Makes sure the run's calls go under the span of the agent answering: a resumed run whose answering
 * agent is not the one it started with (nor the one its last span is of) gets that agent's span here,
 * before its first model or tool call.
 * @param tracing - the tracer
 * @param run - the run's spans
 * @param agentName - the agent answering, as the call's hook or context says
 */
export function followAgent(tracing: Tracing, run: RunSpans, agentName: string | undefined): void {
  if (agentName !== undefined && agentName !== run.agentName) handOver(tracing, run, agentName, {});
}

/**
 * Ends the span of the agent that handed over (if it was one that took over) and starts the new agent's.
 * @param tracing - the tracer
 * @param run - the run's spans
 * @param agentName - the agent taking over
 * @param attributes - what is known of the handoff
 */
function handOver(tracing: Tracing, run: RunSpans, agentName: string, attributes: Attributes): void {
  run.handedTo?.span.end();
  attributes[GenAI.operationName] = Operations.invokeAgent;
  attributes[GenAI.agentName] = agentName;
  const parent = run.run.context;
  const span = tracing.tracer.startSpan(`${Operations.invokeAgent} ${agentName}`, { kind: SpanKind.INTERNAL, attributes }, parent);
  run.handedTo = { span, context: trace.setSpan(parent, span) };
  run.agentName = agentName;
}
