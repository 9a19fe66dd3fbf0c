import { ScriptedModel } from '@toolcraft/testing';
import { Agent, ToolRegistry, type Toolset } from '../../src/index.js';
import { call, EchoTool } from '../support/echo-tool.js';
import { MathService } from '../support/math-service.js';

const offered = (model: ScriptedModel, turn: number) => model.requests[turn].tools.map((tool) => tool.name);

describe('agent.run(input, { tools })', () => {
  it('offers the run’s tools in that run only, after the agent’s', async () => {
    const model = new ScriptedModel([{ toolCalls: [call('extra', 'a')] }, { text: 'ok' }, { text: 'again' }], {
      onExhausted: 'repeatLast',
    });
    const extra = new EchoTool('extra');
    const agent = new Agent({ model, tools: [new EchoTool('lookup')] });
    const first = await agent.run('go', { tools: [extra] });
    await agent.run('go again');

    expect(offered(model, 0)).toEqual(['lookup', 'extra']);
    expect(first.toolCalls[0].result.content).toBe('extra:a');
    expect(offered(model, 2)).toEqual(['lookup']);
    expect(agent.registry.names).toEqual(['lookup']);
  });

  it('takes services, registries and toolsets too; a run toolset is asked every turn of that run', async () => {
    let asked = 0;
    const toolset: Toolset = { name: 'session', getTools: () => (asked++, [new EchoTool('session_tool')]) };
    const model = new ScriptedModel([{ toolCalls: [{ name: 'add', arguments: { a: 1, b: 2 } }] }, { text: 'ok' }]);
    await new Agent({ model }).run('go', { tools: [new MathService(), ToolRegistry.of(new EchoTool('reg')), toolset] });

    expect(offered(model, 0)).toEqual(['add', 'square', 'reg', 'session_tool']);
    expect(asked).toBe(2);
  });

  it('works with an agent that has only a registry, the option as it was', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    await new Agent({ model, registry: ToolRegistry.of(new EchoTool('fixed')) }).run('go', { tools: [new EchoTool('extra')] });

    expect(offered(model, 0)).toEqual(['fixed', 'extra']);
  });

  it('keeps runs apart: two concurrent runs with different tools each see their own', async () => {
    const model = new ScriptedModel([{ text: 'a' }, { text: 'b' }]);
    const agent = new Agent({ model });
    await Promise.all([agent.run('one', { tools: [new EchoTool('one')] }), agent.run('two', { tools: [new EchoTool('two')] })]);

    expect(model.requests.map((request) => request.tools.map((tool) => tool.name)).sort()).toEqual([['one'], ['two']]);
  });
});
