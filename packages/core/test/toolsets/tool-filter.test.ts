import { ScriptedModel } from '@toolcraft/testing';
import { Agent, InvalidAgentOptionsError, ToolFilterError, type AnyTool, type Toolset } from '../../src/index.js';
import { call, EchoTool } from '../support/echo-tool.js';

const offered = (model: ScriptedModel, turn: number) => model.requests[turn].tools.map((tool) => tool.name);

describe('toolFilter', () => {
  it('as a list of names, offers only the listed tools, fixed and toolset ones alike', async () => {
    const toolset: Toolset = { name: 'web', getTools: () => [new EchoTool('search'), new EchoTool('fetch')] };
    const model = new ScriptedModel([{ text: 'ok' }]);
    const agent = new Agent({ model, tools: [new EchoTool('lookup'), new EchoTool('delete'), toolset], toolFilter: ['lookup', 'search'] });
    await agent.run('go');

    expect(offered(model, 0)).toEqual(['lookup', 'search']);
    expect(agent.registry.names).toEqual(['lookup']);
  });

  it('makes a removed tool not executable: a call to it is an unknown-tool error and the tool never runs', async () => {
    const remove = new EchoTool('delete');
    const model = new ScriptedModel([{ toolCalls: [call('delete', 'everything')] }, { text: 'ok' }]);
    const run = await new Agent({ model, tools: [new EchoTool('lookup'), remove], toolFilter: ['lookup'] }).run('go');

    expect(remove.calls).toEqual([]);
    expect(run.toolCalls[0].result.isError).toBe(true);
    expect(run.toolCalls[0].result.content).toContain("Tool 'delete' is not defined");
  });

  it('as a predicate, is asked every turn with the tool and the run’s read-only context', async () => {
    const asked: Array<[string, unknown]> = [];
    const predicate = (tool: AnyTool, context: { state: { get(key: string): unknown } }) => {
      asked.push([tool.name, context.state.get('mode')]);
      return !tool.name.startsWith('write_') || context.state.get('mode') === 'rw';
    };
    const toolset: Toolset = { name: 'files', getTools: () => [new EchoTool('read_file'), new EchoTool('write_file')] };
    const readOnly = new ScriptedModel([{ text: 'ok' }]);
    await new Agent({ model: readOnly, tools: [toolset], toolFilter: predicate }).run('go', { state: { mode: 'ro' } });
    const readWrite = new ScriptedModel([{ text: 'ok' }]);
    await new Agent({ model: readWrite, tools: [toolset], toolFilter: predicate }).run('go', { state: { mode: 'rw' } });

    expect(offered(readOnly, 0)).toEqual(['read_file']);
    expect(offered(readWrite, 0)).toEqual(['read_file', 'write_file']);
    expect(asked).toEqual([
      ['read_file', 'ro'],
      ['write_file', 'ro'],
      ['read_file', 'rw'],
      ['write_file', 'rw'],
    ]);
  });

  it('applies to the tools of a run too', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    await new Agent({ model, tools: [new EchoTool('lookup')], toolFilter: ['lookup'] }).run('go', { tools: [new EchoTool('extra')] });

    expect(offered(model, 0)).toEqual(['lookup']);
  });

  it('fails the run with ToolFilterError, before the model call, when the predicate throws', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const agent = new Agent({
      model,
      tools: [new EchoTool('lookup')],
      toolFilter: () => {
        throw new Error('no policy loaded');
      },
    });
    const failure = agent.run('go');

    await expect(failure).rejects.toThrow(ToolFilterError);
    await expect(failure).rejects.toThrow("The agent's toolFilter threw: no policy loaded (asked about tool 'lookup').");
    expect(model.requests).toHaveLength(0);
  });

  it('refuses a predicate that answers with something other than a boolean (an async predicate)', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const asyncPredicate = (async () => true) as unknown as () => boolean;
    const failure = new Agent({ model, tools: [new EchoTool('lookup')], toolFilter: asyncPredicate }).run('go');

    await expect(failure).rejects.toThrow(/returned a promise where a boolean was expected/);
    expect(model.requests).toHaveLength(0);
  });

  it('is refused when it is neither a list of names nor a function', () => {
    const model = new ScriptedModel([]);
    const bad = [{ toolFilter: 'lookup' }, { toolFilter: [1, 2] }, { toolFilter: null }] as unknown as Array<{ toolFilter: string[] }>;
    for (const options of bad) {
      expect(() => new Agent({ model, tools: [], ...options })).toThrow(InvalidAgentOptionsError);
      expect(() => new Agent({ model, tools: [], ...options })).toThrow(/'toolFilter' must be a list of tool names or a function/);
    }
  });
});
