import { ScriptedModel } from '@toolcraft/testing';
import { Agent, type AgentContext, ContextAwareTool, InvalidAgentOptionsError, RunState, type JsonSchema } from '../../src/index.js';

const noArgs: JsonSchema = { type: 'object', properties: {} };

/** A tool that answers with the agent it ran under. */
class WhoAmI extends ContextAwareTool<Record<string, never>, string> {
  constructor(name: string) {
    super({ argsType: noArgs, name, description: 'Says which agent runs it.' });
  }
  execute(_args: Record<string, never>, context: AgentContext): string {
    return `run by ${context.agentName}`;
  }
}

/** A tool that escalates to the parent. */
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

describe('handoffs (subAgents, transfer_to_agent)', () => {
  function tree() {
    const billingModel = new ScriptedModel([
      { toolCalls: [{ id: 'b1', name: 'billing_lookup', arguments: {} }] },
      { text: 'Your invoice is paid.' },
    ]);
    const billing = new Agent({
      name: 'billing',
      description: 'Answers questions about invoices and payments.',
      instructions: 'You are billing.',
      model: billingModel,
      tools: [new WhoAmI('billing_lookup')],
    });
    const support = new Agent({
      name: 'support',
      description: 'Fixes technical problems.',
      model: new ScriptedModel([{ text: 'Try restarting.' }]),
    });
    const triageModel = new ScriptedModel([transfer('t1', 'billing')]);
    const triage = new Agent({ name: 'triage', instructions: 'You route questions.', model: triageModel, subAgents: [billing, support] });
    return { triage, billing, support, triageModel, billingModel };
  }

  it('offers transfer_to_agent with the targets as an enum and their descriptions', async () => {
    const { triage, triageModel } = tree();
    await triage.run('Is my invoice paid?');
    const tool = triageModel.requests[0]!.tools.find((candidate) => candidate.name === 'transfer_to_agent')!;
    expect(tool.inputSchema).toMatchObject({
      properties: { agent_name: { type: 'string', enum: ['billing', 'support'] } },
      required: ['agent_name'],
    });
    expect(tool.description).toContain('- billing: Answers questions about invoices and payments.');
    expect(tool.description).toContain('- support: Fixes technical problems.');
  });

  it('continues the same run with the sub-agent: its instructions, model and tools, on the same transcript', async () => {
    const { triage, billingModel } = tree();
    const run = await triage.run('Is my invoice paid?');
    expect(run.stopReason).toBe('completed');
    expect(run.text).toBe('Your invoice is paid.');
    expect(run.agentName).toBe('billing');
    expect(run.handoffs).toEqual([{ from: 'triage', to: 'billing', kind: 'transfer' }]);
    const first = billingModel.requests[0]!;
    expect(first.messages[0]).toEqual({ role: 'system', content: 'You are billing.' });
    expect(first.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(first.tools.map((tool) => tool.name)).toEqual(['billing_lookup', 'transfer_to_agent']);
    expect(run.toolCalls.map((call) => call.result.content)).toEqual(['Transferring to billing.', 'run by billing']);
  });

  it('returns to the parent when a sub-agent escalates, and counts limits over the whole run', async () => {
    const billing = new Agent({
      name: 'billing',
      model: new ScriptedModel([{ toolCalls: [{ id: 'e', name: 'escalate', arguments: {} }] }]),
      tools: [new Escalate()],
    });
    const triage = new Agent({
      name: 'triage',
      model: new ScriptedModel([transfer('t1', 'billing'), { text: 'A person will call you.' }]),
      subAgents: [billing],
    });
    const run = await triage.run('I want a refund');
    expect(run.handoffs).toEqual([
      { from: 'triage', to: 'billing', kind: 'transfer' },
      { from: 'billing', to: 'triage', kind: 'escalate' },
    ]);
    expect(run.text).toBe('A person will call you.');
    expect(run.agentName).toBe('triage');

    const looping = new Agent({
      name: 'a',
      model: new ScriptedModel([transfer('x', 'b')], { onExhausted: 'repeatLast' }),
      maxIterations: 3,
      subAgents: [new Agent({ name: 'b', model: new ScriptedModel([transfer('y', 'a')], { onExhausted: 'repeatLast' }) })],
    });
    const limited = await looping.run('ping-pong');
    expect(limited.stopReason).toBe('max_iterations');
    expect(limited.handoffs).toHaveLength(3);
  });

  it('stops with transfer for an agent outside the tree, as before', async () => {
    const stray = new Agent({
      name: 'lonely',
      model: new ScriptedModel([{ toolCalls: [{ id: 's', name: 'route', arguments: {} }] }]),
      tools: [
        new (class extends ContextAwareTool<Record<string, never>, string> {
          constructor() {
            super({ argsType: noArgs, name: 'route', description: 'Routes elsewhere.' });
          }
          execute(_args: Record<string, never>, context: AgentContext): string {
            context.actions.transferToAgent = 'payments-service';
            return 'routing';
          }
        })(),
      ],
    });
    const run = await stray.run('x');
    expect(run).toMatchObject({ stopReason: 'transfer', transferTo: 'payments-service', handoffs: [] });
  });

  it('keeps the agent that answers in a paused run, and resumes with it', async () => {
    const billing = new Agent({
      name: 'billing',
      model: new ScriptedModel([{ toolCalls: [{ id: 'r', name: 'refund', arguments: {} }] }, { text: 'Refunded.' }]),
      tools: [
        new (class extends ContextAwareTool<Record<string, never>, string> {
          constructor() {
            super({ argsType: noArgs, name: 'refund', description: 'Refunds.', effects: 'write', needsApproval: true });
          }
          execute(_args: Record<string, never>, context: AgentContext): string {
            return `refunded by ${context.agentName}`;
          }
        })(),
      ],
    });
    const triage = new Agent({ name: 'triage', model: new ScriptedModel([transfer('t', 'billing')]), subAgents: [billing] });
    const run = await triage.run('refund me');
    expect(run.stopReason).toBe('interrupted');
    expect(run.interruptions[0]).toMatchObject({ callId: 'r', agentName: 'billing' }); // the agent whose call it is
    const state = RunState.fromJSON(JSON.parse(JSON.stringify(run.state)));
    state.approve('r');
    const resumed = await triage.resume(state);
    expect(resumed.text).toBe('Refunded.');
    expect(resumed.agentName).toBe('billing');
    expect(resumed.toolCalls.at(-1)!.result.content).toBe('refunded by billing');
  });

  it('refuses a sub-agent with a second parent, and names that appear twice in a tree', () => {
    const billing = new Agent({ name: 'billing', model: new ScriptedModel([]) });
    new Agent({ name: 'triage', model: new ScriptedModel([]), subAgents: [billing] });
    expect(() => new Agent({ name: 'other', model: new ScriptedModel([]), subAgents: [billing] })).toThrow(
      "Agent option 'subAgents' must be agents without a parent ('billing' is already a sub-agent of 'triage')",
    );
    expect(
      () => new Agent({ name: 'x', model: new ScriptedModel([]), subAgents: [new Agent({ name: 'x', model: new ScriptedModel([]) })] }),
    ).toThrow(InvalidAgentOptionsError);
    expect(() => new Agent({ name: 'y', model: new ScriptedModel([]), subAgents: ['billing' as never] })).toThrow(
      /an array of Agent instances/,
    );
  });

  it('goes on with the same agent when it transfers to itself (no handoff)', async () => {
    const triage = new Agent({
      name: 'triage',
      model: new ScriptedModel([
        transfer('t', 'billing'),
        { toolCalls: [{ id: 's', name: 'transfer_to_agent', arguments: { agent_name: 'triage' } }] },
      ]),
      subAgents: [new Agent({ name: 'billing', model: new ScriptedModel([transfer('b', 'billing'), { text: 'billing here' }]) })],
    });
    const run = await triage.run('x');
    expect(run.handoffs).toEqual([{ from: 'triage', to: 'billing', kind: 'transfer' }]);
    expect(run).toMatchObject({ agentName: 'billing', text: 'billing here', stopReason: 'completed' });
  });

  it('counts per-tool limits over the whole run, across agents', async () => {
    const lookup = new WhoAmI('lookup');
    Object.defineProperty(lookup, 'maxInvocations', { value: 1 });
    const billing = new Agent({
      name: 'billing',
      model: new ScriptedModel([{ toolCalls: [{ id: 'l2', name: 'lookup', arguments: {} }] }, { text: 'done' }]),
      tools: [lookup],
    });
    const triage = new Agent({
      name: 'triage',
      model: new ScriptedModel([{ toolCalls: [{ id: 'l1', name: 'lookup', arguments: {} }] }, transfer('t', 'billing')]),
      tools: [lookup],
      subAgents: [billing],
    });
    const run = await triage.run('x');
    expect(run.toolCalls.map((call) => call.result.content)).toEqual([
      'run by triage',
      'Transferring to billing.',
      expect.stringContaining('maxInvocations'),
    ]);
  });

  it('closes the toolsets of its sub-agents when closed', async () => {
    const closed: string[] = [];
    const toolset = (name: string) => ({ name, getTools: () => [], close: () => void closed.push(name) });
    const billing = new Agent({ name: 'billing', model: new ScriptedModel([]), tools: [toolset('billing-mcp')] });
    const triage = new Agent({ name: 'triage', model: new ScriptedModel([]), tools: [toolset('triage-mcp')], subAgents: [billing] });
    await triage.close();
    expect(closed.sort()).toEqual(['billing-mcp', 'triage-mcp']);
  });
});
