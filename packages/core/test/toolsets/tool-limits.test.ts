import { ScriptedModel } from '@toolcraft/testing';
import { Agent, InvalidToolDefinitionError, ToolLimitError, ToolRegistry, type Toolset } from '../../src/index.js';
import { call, EchoTool } from '../support/echo-tool.js';
import { MathService } from '../support/math-service.js';

const offered = (model: ScriptedModel, turn: number) => model.requests[turn].tools.map((tool) => tool.name);

describe('per-tool limits: maxInvocations and maxFailures per run', () => {
  it('answers calls past maxInvocations with an error naming the limit, and stops offering the tool from the next turn', async () => {
    const search = new EchoTool('search', undefined, { maxInvocations: 2 });
    const model = new ScriptedModel([
      { toolCalls: [call('search', 'a')] },
      { toolCalls: [call('search', 'b'), call('search', 'c')] },
      { toolCalls: [call('search', 'd')] },
      { text: 'done' },
    ]);
    const run = await new Agent({ model, tools: [search, new EchoTool('lookup')] }).run('go');
    const results = run.toolCalls.map((toolCall) => toolCall.result);

    expect(search.calls).toEqual(['a', 'b']);
    expect(results.map((result) => result.isError)).toEqual([false, false, true, true]);
    expect(results[2].content).toBe(
      "Error: Tool 'search' was already called 2 times in this run, its limit (maxInvocations: 2), so it was not called; " +
        'it is not available for the rest of the run. Go on without it.',
    );
    expect(ToolLimitError.isInstance(results[3].error)).toBe(true);
    expect(offered(model, 1)).toEqual(['search', 'lookup']);
    expect(offered(model, 2)).toEqual(['lookup']);
    expect(run.stopReason).toBe('completed');
  });

  it('stops offering a tool after maxFailures failed calls (thrown errors and invalid arguments alike)', async () => {
    const flaky = new EchoTool(
      'flaky',
      () => {
        throw new Error('backend down');
      },
      { maxFailures: 2 },
    );
    const model = new ScriptedModel([
      { toolCalls: [call('flaky')] },
      { toolCalls: [{ name: 'flaky', arguments: { wrong: 1 } }] },
      { toolCalls: [call('flaky')] },
      { text: 'giving up' },
    ]);
    const run = await new Agent({ model, tools: [flaky] }).run('go');
    const [, second, third] = run.toolCalls.map((toolCall) => toolCall.result);

    expect(flaky.calls).toEqual(['x']);
    expect(second.content).toContain('Invalid arguments');
    expect(third.content).toContain("Tool 'flaky' already failed 2 times in this run, its limit (maxFailures: 2)");
    expect(offered(model, 2)).toEqual([]);
  });

  it('does not count successful calls as failures', async () => {
    const steady = new EchoTool('steady', undefined, { maxFailures: 1 });
    const model = new ScriptedModel([{ toolCalls: [call('steady'), call('steady'), call('steady')] }, { text: 'ok' }]);
    const run = await new Agent({ model, tools: [steady] }).run('go');

    expect(run.toolCalls.every((toolCall) => !toolCall.result.isError)).toBe(true);
    expect(offered(model, 1)).toEqual(['steady']);
  });

  it('counts per run: the next run starts afresh', async () => {
    const once = new EchoTool('once', undefined, { maxInvocations: 1 });
    const model = new ScriptedModel([
      { toolCalls: [call('once', 'a')] },
      { text: 'ok' },
      { toolCalls: [call('once', 'b')] },
      { text: 'ok' },
    ]);
    const agent = new Agent({ model, tools: [once] });
    await agent.run('first');
    await agent.run('second');

    expect(once.calls).toEqual(['a', 'b']);
    expect(offered(model, 2)).toEqual(['once']);
  });

  it('apply to @Tool({ maxInvocations }) methods, and show on the descriptor', async () => {
    const service = new MathService();
    const square = ToolRegistry.of(service).getTool('square');
    const model = new ScriptedModel([{ toolCalls: [1, 2, 3].map((n) => ({ name: 'square', arguments: { n } })) }, { text: 'ok' }]);
    const run = await new Agent({ model, tools: [service] }).run('go');

    expect(square.descriptor.maxInvocations).toBe(2);
    expect(square.maxInvocations).toBe(2);
    expect(service.calls).toEqual(['square 1', 'square 2']);
    expect(run.toolCalls[2].result.content).toContain('(maxInvocations: 2)');
    expect(offered(model, 1)).toEqual(['add']);
  });

  it('count by name for a toolset that hands out a new instance of its tool every turn', async () => {
    const made: EchoTool[] = [];
    const toolset: Toolset = {
      name: 'fresh',
      getTools: () => [made[made.push(new EchoTool('fresh', undefined, { maxInvocations: 1 })) - 1]],
    };
    const model = new ScriptedModel([{ toolCalls: [call('fresh', 'a')] }, { toolCalls: [call('fresh', 'b')] }, { text: 'ok' }]);
    const run = await new Agent({ model, tools: [toolset] }).run('go');

    expect(made.flatMap((tool) => tool.calls)).toEqual(['a']);
    expect(offered(model, 1)).toEqual([]);
    expect(run.toolCalls[1].result.content).toContain("Tool 'fresh' was already called 1 time in this run");
  });

  it('are tool options checked when the tool is built', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => new EchoTool('t', undefined, { maxInvocations: bad })).toThrow(InvalidToolDefinitionError);
      expect(() => new EchoTool('t', undefined, { maxFailures: bad })).toThrow(/maxFailures must be an integer of at least 1/);
    }
    expect(new EchoTool('t', undefined, { maxInvocations: Infinity }).descriptor.maxInvocations).toBe(Infinity);
    expect(new EchoTool('t').descriptor).not.toHaveProperty('maxInvocations');
  });

  it('are not sent to the model with the tool definition', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    await new Agent({ model, tools: [new EchoTool('t', undefined, { maxInvocations: 3, maxFailures: 1 })] }).run('go');

    expect(Object.keys(model.requests[0].tools[0]).sort()).toEqual(['description', 'inputSchema', 'name']);
  });
});
