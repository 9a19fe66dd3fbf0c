import { ScriptedModel } from '@toolcraft/testing';
import { Agent, type JsonSchema, type Toolset } from '../../src/index.js';
import { call, EchoTool } from '../support/echo-tool.js';

/** Counts how often its schema is read: once per build of the tool definitions that include it. */
class CountingTool extends EchoTool {
  reads = 0;
  override get inputSchema(): JsonSchema {
    this.reads++;
    return super.inputSchema;
  }
}

function countingTools(count: number): CountingTool[] {
  const tools = Array.from({ length: count }, (_, index) => new CountingTool(`tool_${index}`));
  for (const tool of tools) void tool.descriptor; // the descriptor reads the schema once, when first asked
  for (const tool of tools) tool.reads = 0;
  return tools;
}

describe('tool definitions of a turn', () => {
  it('are built once for a toolset that answers the same tools every turn, across turns and runs', async () => {
    const tools = countingTools(50);
    const toolset: Toolset = { name: 'big', getTools: () => [...tools] };
    const model = new ScriptedModel([{ toolCalls: [call('tool_1')] }, { toolCalls: [call('tool_2')] }, { text: 'ok' }], {
      onExhausted: 'repeatLast',
    });
    const agent = new Agent({ model, tools: [toolset] });
    await agent.run('first');
    await agent.run('second');

    expect(model.requests).toHaveLength(4);
    expect(model.requests[3].tools).toHaveLength(50);
    expect(tools.map((tool) => tool.reads)).toEqual(tools.map(() => 1));
  });

  it('are rebuilt when the set changes, and a recent set is reused when it comes back', async () => {
    const [always, sometimes] = countingTools(2);
    let turn = 0;
    const toolset: Toolset = { name: 'alternating', getTools: () => (turn++ % 2 === 0 ? [always] : [always, sometimes]) };
    const model = new ScriptedModel([{ toolCalls: [call('tool_0')] }], { onExhausted: 'repeatLast' });
    await new Agent({ model, tools: [toolset], maxIterations: 6 }).run('go');

    expect(model.requests.map((request) => request.tools.length)).toEqual([1, 2, 1, 2, 1, 2]);
    expect([always.reads, sometimes.reads]).toEqual([2, 1]);
  });

  it('of fixed tools are built once, when the agent is built', async () => {
    const tools = countingTools(3);
    const model = new ScriptedModel([{ toolCalls: [call('tool_0')] }, { text: 'ok' }]);
    const agent = new Agent({ model, tools });
    await agent.run('go');

    expect(tools.map((tool) => tool.reads)).toEqual([1, 1, 1]);
  });

  it('follow a toolset that changes the very array it returns between turns', async () => {
    const [first, second] = countingTools(2);
    const list: EchoTool[] = [first];
    const toolset: Toolset = { name: 'mutating', getTools: () => list };
    const model = new ScriptedModel([() => (list.push(second), { toolCalls: [call('tool_0')] }), () => (list.pop(), { text: 'ok' })]);
    await new Agent({ model, tools: [toolset] }).run('go');
    const again = new ScriptedModel([{ text: 'ok' }]);
    await new Agent({ model: again, tools: [toolset] }).run('go');

    expect(model.requests.map((request) => request.tools.map((tool) => tool.name))).toEqual([['tool_0'], ['tool_0', 'tool_1']]);
    expect(again.requests[0].tools.map((tool) => tool.name)).toEqual(['tool_0']);
  });
});
