import 'reflect-metadata';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import {
  Agent,
  type AgentContext,
  AgentTool,
  ContextAwareTool,
  type JsonSchema,
  RunState,
  ToolBase,
  type ToolCallMetadata,
} from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { openTelemetry } from '../src/index.js';
import { inMemoryTracing } from './support/in-memory-tracing.js';

const { exporter, tracer } = inMemoryTracing();

const noArgs: JsonSchema = { type: 'object', properties: {} };

/** Answers with the agent it ran under, and keeps the span id its metadata had. */
class Lookup extends ToolBase<Record<string, never>, string> {
  readonly spanIds: unknown[] = [];
  constructor(options: { needsApproval?: boolean } = {}) {
    super({ argsType: noArgs, name: 'lookup', description: 'Looks up.', ...(options.needsApproval ? { needsApproval: true } : {}) });
  }
  execute(_args: Record<string, never>, metadata: ToolCallMetadata): string {
    this.spanIds.push(metadata.get('trace.span.id'));
    return `looked up by ${metadata.get(ToolBase.AgentContextKey)?.agentName}`;
  }
}

/** Gives the conversation back to the parent. */
class Escalate extends ContextAwareTool<Record<string, never>, string> {
  constructor() {
    super({ argsType: noArgs, name: 'escalate', description: 'Gives the conversation back.' });
  }
  execute(_args: Record<string, never>, context: AgentContext): string {
    context.actions.escalate = true;
    return 'escalating';
  }
}

const transfer = (id: string, to: string) => ({ toolCalls: [{ id, name: 'transfer_to_agent', arguments: { agent_name: to } }] });
const call = (id: string, name: string) => ({ toolCalls: [{ id, name, arguments: {} }] });
const named = (spans: ReadableSpan[], name: string) => spans.filter((span) => span.name === name);
const idOf = (span: ReadableSpan | undefined) => span?.spanContext().spanId;
const parentOf = (span: ReadableSpan | undefined) => span?.parentSpanContext?.spanId;
/** Each span as `name < parent name`, in the order they ended. */
const tree = (spans: ReadableSpan[]) =>
  spans.map((span) => `${span.name} < ${spans.find((other) => idOf(other) === parentOf(span))?.name ?? '-'}`);

describe('openTelemetry() and handoffs', () => {
  it('records an invoke_agent span for the agent a run hands off to, under the run, with its chat and execute_tool spans', async () => {
    const tracing = openTelemetry({ tracer });
    const lookup = new Lookup();
    const billing = new Agent({
      name: 'billing',
      model: new ScriptedModel([call('b1', 'lookup'), { text: 'Paid.' }]),
      tools: [lookup],
      features: [tracing],
    });
    const triage = new Agent({
      name: 'triage',
      model: new ScriptedModel([transfer('t1', 'billing')]),
      subAgents: [billing],
      features: [tracing],
    });
    await triage.run('Is my invoice paid?');
    const spans = exporter.getFinishedSpans();
    expect(tree(spans)).toEqual([
      'chat scripted < invoke_agent triage',
      'execute_tool transfer_to_agent < invoke_agent triage',
      'chat scripted < invoke_agent billing',
      'execute_tool lookup < invoke_agent billing',
      'chat scripted < invoke_agent billing',
      'invoke_agent billing < invoke_agent triage',
      'invoke_agent triage < -',
    ]);
    const [handedTo] = named(spans, 'invoke_agent billing');
    expect(handedTo!.attributes).toEqual({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'billing',
      'gen_ai.provider.name': 'toolcraft.scripted',
      'gen_ai.request.model': 'scripted',
      'toolcraft.handoff.from': 'triage',
      'toolcraft.handoff.kind': 'transfer',
    });
    expect(lookup.spanIds).toEqual([idOf(named(spans, 'execute_tool lookup')[0])]);
  });

  it('records one invoke_agent span per takeover: a sub-agent, then its parent again after it escalates', async () => {
    const tracing = openTelemetry({ tracer });
    const billing = new Agent({
      name: 'billing',
      model: new ScriptedModel([call('e', 'escalate')]),
      tools: [new Escalate()],
      features: [tracing],
    });
    const triage = new Agent({
      name: 'triage',
      model: new ScriptedModel([transfer('t1', 'billing'), { text: 'A person will call you.' }]),
      subAgents: [billing],
      features: [tracing],
    });
    await triage.run('I want a refund');
    const spans = exporter.getFinishedSpans();
    expect(tree(spans)).toEqual([
      'chat scripted < invoke_agent triage',
      'execute_tool transfer_to_agent < invoke_agent triage',
      'chat scripted < invoke_agent billing',
      'execute_tool escalate < invoke_agent billing',
      'invoke_agent billing < invoke_agent triage',
      'chat scripted < invoke_agent triage',
      'invoke_agent triage < invoke_agent triage',
      'invoke_agent triage < -',
    ]);
    expect(named(spans, 'invoke_agent triage')[0]!.attributes).toMatchObject({
      'toolcraft.handoff.from': 'billing',
      'toolcraft.handoff.kind': 'escalate',
    });
  });

  it('puts the calls of a resumed run under the span of the agent answering, from its first call', async () => {
    const tracing = openTelemetry({ tracer });
    const billing = new Agent({
      name: 'billing',
      model: new ScriptedModel([call('r', 'lookup'), { text: 'Refunded.' }]),
      tools: [new Lookup({ needsApproval: true })],
      features: [tracing],
    });
    const triage = new Agent({
      name: 'triage',
      model: new ScriptedModel([transfer('t', 'billing')]),
      subAgents: [billing],
      features: [tracing],
    });
    const run = await triage.run('refund me');
    expect(run.stopReason).toBe('interrupted');
    exporter.reset();
    run.state.approve('r');
    const resumed = await triage.resume(RunState.fromJSON(JSON.parse(JSON.stringify(run.state))));
    expect(resumed.text).toBe('Refunded.');
    expect(tree(exporter.getFinishedSpans())).toEqual([
      'execute_tool lookup < invoke_agent billing',
      'chat scripted < invoke_agent billing',
      'invoke_agent billing < invoke_agent triage',
      'invoke_agent triage < -',
    ]);
  });

  it('nests a sub-agent run of an AgentTool under the execute_tool span of its call', async () => {
    const tracing = openTelemetry({ tracer });
    const expert = new Agent({ name: 'expert', model: new ScriptedModel([{ text: 'Warm.' }]), features: [tracing] });
    const planner = new Agent({
      name: 'planner',
      model: new ScriptedModel([
        { toolCalls: [{ id: 'a1', name: 'expert', arguments: { request: 'Rome?' } }] },
        { text: 'Warm, says the expert.' },
      ]),
      tools: [new AgentTool(expert)],
      features: [tracing],
    });
    await planner.run('Weather in Rome?');
    const spans = exporter.getFinishedSpans();
    expect(tree(spans)).toEqual([
      'chat scripted < invoke_agent planner',
      'chat scripted < invoke_agent expert',
      'invoke_agent expert < execute_tool expert',
      'execute_tool expert < invoke_agent planner',
      'chat scripted < invoke_agent planner',
      'invoke_agent planner < -',
    ]);
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(1);
  });
});
