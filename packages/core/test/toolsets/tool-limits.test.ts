import { ScriptedModel } from '@toolcraft/testing';
import { Agent, type Feature, InvalidToolDefinitionError, ToolLimitError, ToolRegistry, type Toolset } from '../../src/index.js';
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

  it("never lets one turn's concurrent calls take a tool past maxFailures: a call that could wait for the earlier calls' results", async () => {
    const log: string[] = [];
    const flaky = new EchoTool(
      'flaky',
      async (text) => {
        log.push(`start ${text}`);
        // A turn of the event loop: the other calls of the turn start meanwhile unless held back.
        await new Promise((resolve) => setImmediate(resolve));
        log.push(`end ${text}`);
        throw new Error('backend down');
      },
      { maxFailures: 2 },
    );
    const model = new ScriptedModel([{ toolCalls: ['a', 'b', 'c', 'd'].map((text) => call('flaky', text)) }, { text: 'giving up' }]);
    const run = await new Agent({ model, tools: [flaky] }).run('go');

    expect(flaky.calls).toEqual(['a', 'b']);
    expect(log).toEqual(['start a', 'start b', 'end a', 'end b']);
    expect(run.toolCalls.map((toolCall) => toolCall.result.content)).toEqual([
      "Error: tool 'flaky' failed: backend down",
      "Error: tool 'flaky' failed: backend down",
      expect.stringContaining("Tool 'flaky' already failed 2 times in this run, its limit (maxFailures: 2)"),
      expect.stringContaining("Tool 'flaky' already failed 2 times in this run, its limit (maxFailures: 2)"),
    ]);
  });

  it('runs every call of a turn of a tool with maxFailures when they succeed, the later ones after the earlier ones', async () => {
    const steady = new EchoTool('steady', undefined, { maxFailures: 1 });
    const other = new EchoTool('other');
    const model = new ScriptedModel([{ toolCalls: [call('steady', 'a'), call('other', 'b'), call('steady', 'c')] }, { text: 'ok' }]);
    const run = await new Agent({ model, tools: [steady, other] }).run('go');

    expect(steady.calls).toEqual(['a', 'c']);
    expect(run.toolCalls.map((toolCall) => toolCall.result.content)).toEqual(['steady:a', 'other:b', 'steady:c']);
  });

  it("answers refused calls through the environment: the features' failed interceptors see them, starting never does", async () => {
    const seen: string[] = [];
    const audit: Feature = {
      name: 'audit',
      install(pipeline) {
        pipeline.onToolCallStarting(this, ({ call: { name } }) => void seen.push(`starting ${name}`));
        pipeline.onToolCallCompleted(this, ({ call: { name } }) => void seen.push(`completed ${name}`));
        pipeline.onToolCallFailed(this, ({ call: { id, name }, tool, error }) => {
          const limit = ToolLimitError.isInstance(error) ? error.limit : 'other';
          seen.push(`failed ${name} ${id} ${limit} (tool ${tool === undefined ? 'unknown' : 'known'})`);
        });
      },
    };
    const once = new EchoTool('once', undefined, { maxInvocations: 1 });
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'c1', ...call('once', 'a') },
          { id: 'c2', ...call('once', 'b') },
        ],
      },
      { toolCalls: [{ id: 'c3', ...call('once', 'c') }] },
      { text: 'ok' },
    ]);
    const stream = new Agent({ model, tools: [once], features: [audit] }).stream('go');
    const completed: string[] = [];
    for await (const event of stream) if (event.type === 'tool_call_completed') completed.push(event.callId);

    expect(once.calls).toEqual(['a']);
    // A refusal is answered at once, while the turn's admitted calls run: the order between them is not fixed.
    expect(seen).toHaveLength(4);
    expect(seen).toEqual(
      expect.arrayContaining([
        'starting once',
        'completed once',
        'failed once c2 maxInvocations (tool known)',
        'failed once c3 maxInvocations (tool unknown)',
      ]),
    );
    expect(completed.sort()).toEqual(['c1', 'c2', 'c3']);
    expect((await stream.result).toolCalls[2].result.content).toContain("Tool 'once' was already called 1 time in this run");
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
