import { ScriptedModel } from '@toolcraft/testing';
import { Agent, AgentState, InvalidAgentOptionsError, ToolRegistry } from '@toolcraft/core';
import { SetStateTool } from '../support/state-tools';

describe('Agent outputKey', () => {
  it("stores a completed run's final text in state[outputKey], so it shows in stateDelta", async () => {
    const agent = new Agent({ model: new ScriptedModel([{ text: 'A haiku about tea.' }]), outputKey: 'draft' });
    const run = await agent.run('Write a haiku.');

    expect(run.stateDelta).toEqual({ draft: 'A haiku about tea.' });
    expect(agent.outputKey).toBe('draft');
  });

  it("stores the text after the run's own changes, and the text of a tool that set skipSummarization", async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'set_state', arguments: { key: 'draft', value: 'from a tool' } }] },
      { text: 'Final.' },
    ]);
    const agent = new Agent({ model, registry: ToolRegistry.of(new SetStateTool()), outputKey: 'draft' });

    expect((await agent.run('Go.')).stateDelta).toEqual({ draft: 'Final.' });
  });

  it('stores nothing when the run does not complete', async () => {
    const model = new ScriptedModel([{ text: 'thinking', toolCalls: [{ name: 'set_state', arguments: { key: 'k', value: 'v' } }] }]);
    const agent = new Agent({ model, registry: ToolRegistry.of(new SetStateTool()), outputKey: 'draft', maxIterations: 1 });
    const run = await agent.run('Go.');

    expect(run.stopReason).toBe('max_iterations');
    expect(run.stateDelta).toEqual({ k: 'v' });
  });

  it('overwrites a value the state started with', async () => {
    const agent = new Agent({ model: new ScriptedModel([{ text: 'new' }]), outputKey: 'draft' });
    const run = await agent.run('Go.', { state: new AgentState({ draft: 'old' }) });

    expect(run.stateDelta).toEqual({ draft: 'new' });
  });

  it('after a handoff, stores the text under the outputKey of the agent that answered', async () => {
    const billing = new Agent({ model: new ScriptedModel([{ text: 'Paid.' }]), name: 'billing', outputKey: 'billing_answer' });
    const triage = new Agent({
      model: new ScriptedModel([{ toolCalls: [{ name: 'transfer_to_agent', arguments: { agent_name: 'billing' } }] }]),
      name: 'triage',
      outputKey: 'triage_answer',
      subAgents: [billing],
    });
    const run = await triage.run('Is my invoice paid?');

    expect(run.agentName).toBe('billing');
    expect(run.stateDelta).toEqual({ billing_answer: 'Paid.' });
  });

  it.each([[''], [42], [null]])('rejects outputKey %p with an InvalidAgentOptionsError', (outputKey) => {
    expect(() => new Agent({ model: new ScriptedModel([]), outputKey: outputKey as string })).toThrow(
      new InvalidAgentOptionsError('outputKey', outputKey, 'a non-empty string'),
    );
  });

  it('keeps the description other agents are shown', () => {
    const agent = new Agent({ model: new ScriptedModel([]), name: 'researcher', description: 'Finds facts.' });

    expect(agent.description).toBe('Finds facts.');
  });
});
