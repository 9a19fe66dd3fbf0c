import { ScriptedModel } from '@toolcraft/testing';
import { Agent, DuplicateToolError, ToolRegistry, type Toolset } from '../../src/index.js';
import { EchoTool } from '../support/echo-tool.js';
import { MathService } from '../support/math-service.js';

describe('tool name clashes across sources', () => {
  it('fail the run before any model call, naming both sources, when a toolset offers a fixed tool’s name', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const toolset: Toolset = { name: 'web', getTools: () => [new EchoTool('search')] };
    const failure = new Agent({ model, tools: [new EchoTool('search'), toolset] }).run('go');

    await expect(failure).rejects.toThrow(DuplicateToolError);
    await expect(failure).rejects.toThrow(
      "Two different tools are named 'search': EchoTool instance (one instance) from the agent's tools and EchoTool instance " +
        '(a second, different instance of the same class',
    );
    await expect(failure).rejects.toThrow("from toolset 'web'");
    expect(model.requests).toHaveLength(0);
  });

  it('name the two toolsets when two toolsets clash', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const first: Toolset = { name: 'github', getTools: () => [new EchoTool('search')] };
    const second: Toolset = { name: 'jira', getTools: () => [new EchoTool('search')] };
    const error = await new Agent({ model, tools: [first, second] }).run('go').catch((caught: unknown) => caught);

    expect(DuplicateToolError.isInstance(error)).toBe(true);
    expect((error as DuplicateToolError).firstSource).toContain("from toolset 'github'");
    expect((error as DuplicateToolError).secondSource).toContain("from toolset 'jira'");
  });

  it('fail the run before the model call of the turn in which the clash appears', async () => {
    let turn = 0;
    const model = new ScriptedModel([{ toolCalls: [{ name: 'search', arguments: { text: 'a' } }] }, { text: 'ok' }]);
    const toolset: Toolset = { name: 'late', getTools: () => (turn++ === 0 ? [] : [new EchoTool('search')]) };
    const failure = new Agent({ model, tools: [new EchoTool('search'), toolset] }).run('go');

    await expect(failure).rejects.toThrow(DuplicateToolError);
    expect(model.requests).toHaveLength(1);
  });

  it('between the registry option and the tools option are refused when the agent is built', () => {
    const model = new ScriptedModel([]);
    const build = () => new Agent({ model, registry: ToolRegistry.of(new EchoTool('search')), tools: [new EchoTool('search')] });

    expect(build).toThrow(DuplicateToolError);
    expect(build).toThrow(/from the agent's registry .* from the agent's tools/);
  });

  it('inside one toolset fail the run, naming the toolset for both', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const toolset: Toolset = { name: 'sloppy', getTools: () => [new EchoTool('search'), new EchoTool('search')] };
    const error = (await new Agent({ model, tools: [toolset] }).run('go').catch((caught: unknown) => caught)) as DuplicateToolError;

    expect(DuplicateToolError.isInstance(error)).toBe(true);
    expect(error.firstSource).toContain("from toolset 'sloppy'");
    expect(error.secondSource).toContain("from toolset 'sloppy'");
    expect(model.requests).toHaveLength(0);
  });

  it('do not count the same tool (or the same service method) given by two sources: it is offered once', async () => {
    const shared = new EchoTool('search');
    const service = new MathService();
    const toolset: Toolset = { name: 'again', getTools: () => [shared, ...ToolRegistry.of(service).tools] };
    const model = new ScriptedModel([{ text: 'ok' }]);
    await new Agent({ model, tools: [shared, service, toolset] }).run('go');

    expect(model.requests[0].tools.map((tool) => tool.name)).toEqual(['search', 'add', 'square']);
  });

  it('between a run’s tools and the agent’s fail that run before any model call', async () => {
    const model = new ScriptedModel([{ text: 'ok' }]);
    const agent = new Agent({ model, tools: [new EchoTool('search')] });
    const failure = agent.run('go', { tools: [new EchoTool('search')] });

    await expect(failure).rejects.toThrow(DuplicateToolError);
    await expect(failure).rejects.toThrow("from this run's tools");
    expect(model.requests).toHaveLength(0);
  });
});
