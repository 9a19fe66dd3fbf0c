import 'reflect-metadata';
import { ScriptedModel } from '@toolcraft/testing';
import { Agent, RunState, Tool, type JsonSchema } from '@toolcraft/core';
import { InvalidToolsetOptionsError, ToolSearchToolset } from '@toolcraft/tools';

const idArgs: JsonSchema = { type: 'object', properties: { id: { type: 'string', description: 'The order id' } }, required: ['id'] };

class NamedTool extends Tool<{ id: string }, string> {
  readonly ran: string[] = [];
  constructor(name: string, description: string, extra: { needsApproval?: boolean } = {}) {
    super({ name, description, argsType: idArgs, ...extra });
  }
  execute(args: { id: string }): string {
    this.ran.push(args.id);
    return `${this.name} ${args.id}`;
  }
}

/** A thousand tools, among them the two the tests look for. */
function manyTools(refund = new NamedTool('refund_order', 'Refunds a paid order to the customer.')) {
  const tools = Array.from(
    { length: 998 },
    (_, index) => new NamedTool(`inventory_tool_${index}`, `Counts stock item ${index} in warehouse ${index % 7}.`),
  );
  return [...tools, refund, new NamedTool('getWeatherReport', 'Tells the weather in a city.')];
}

describe('ToolSearchToolset', () => {
  it('shows the model one search tool, then the tools a search found, from the next turn', async () => {
    const refund = new NamedTool('refund_order', 'Refunds a paid order to the customer.');
    const model = new ScriptedModel([
      { toolCalls: [{ id: 's1', name: 'search_tools', arguments: { query: 'refund an order' } }] },
      { toolCalls: [{ id: 'c1', name: 'refund_order', arguments: { id: 'A7' } }] },
      { text: 'Refunded.' },
    ]);
    const run = await new Agent({ model, tools: [new ToolSearchToolset({ tools: manyTools(refund), maxResults: 3 })] }).run('Refund A7');
    expect(model.requests[0]!.tools.map((tool) => tool.name)).toEqual(['search_tools']);
    expect(model.requests[1]!.tools.map((tool) => tool.name)).toContain('refund_order');
    expect(model.requests[1]!.tools.length).toBeLessThanOrEqual(4);
    expect(run.toolCalls[0]!.result.content).toContain('- refund_order: Refunds a paid order');
    expect(refund.ran).toEqual(['A7']);
    expect(run.text).toBe('Refunded.');
  });

  it('finds a tool by the words of its camelCase name, and says so when nothing matches (an error the model sees)', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 's1', name: 'search_tools', arguments: { query: 'zzqx' } }] },
      { toolCalls: [{ id: 's2', name: 'search_tools', arguments: { query: 'weather report' } }] },
      { text: 'ok' },
    ]);
    const run = await new Agent({ model, tools: [new ToolSearchToolset({ tools: manyTools() })] }).run('x');
    expect(run.toolCalls[0]!.result.isError).toBe(true);
    expect(run.toolCalls[0]!.result.content).toContain("No tool matches 'zzqx' among 1000 tools");
    expect(run.toolCalls[1]!.result.content).toContain('getWeatherReport');
    expect(model.requests[2]!.tools.map((tool) => tool.name)).toContain('getWeatherReport');
  });

  it('keeps at most maxLoaded tools, the least recently found leaving first', async () => {
    const searches = ['stock item 1 warehouse', 'refund order', 'weather city'];
    const model = new ScriptedModel([
      ...searches.map((query, index) => ({ toolCalls: [{ id: `s${index}`, name: 'search_tools', arguments: { query } }] })),
      { text: 'ok' },
    ]);
    await new Agent({ model, tools: [new ToolSearchToolset({ tools: manyTools(), maxLoaded: 2, maxResults: 1 })] }).run('x');
    expect(model.requests[3]!.tools.map((tool) => tool.name)).toEqual(['search_tools', 'refund_order', 'getWeatherReport']);
  });

  it('found tools keep their approvals, and a paused run keeps what it loaded', async () => {
    const refund = new NamedTool('refund_order', 'Refunds a paid order to the customer.', { needsApproval: true });
    const model = new ScriptedModel([
      { toolCalls: [{ id: 's1', name: 'search_tools', arguments: { query: 'refund' } }] },
      { toolCalls: [{ id: 'c1', name: 'refund_order', arguments: { id: 'A7' } }] },
      { text: 'Refunded.' },
    ]);
    const agent = new Agent({ model, tools: [new ToolSearchToolset({ tools: manyTools(refund) })] });
    const paused = await agent.run('Refund A7');
    expect(paused.stopReason).toBe('interrupted');
    expect(refund.ran).toEqual([]);
    const state = RunState.fromJSON(JSON.parse(JSON.stringify(paused.state)));
    state.approve('c1');
    const resumed = await agent.resume(state);
    expect(resumed.stopReason).toBe('completed');
    expect(refund.ran).toEqual(['A7']);
  });

  it('a loaded tool called with bad arguments gets the usual error result, and the run goes on', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 's1', name: 'search_tools', arguments: { query: 'refund' } }] },
      { toolCalls: [{ id: 'c1', name: 'refund_order', arguments: { id: 7 } }] },
      { text: 'Sorry.' },
    ]);
    const run = await new Agent({ model, tools: [new ToolSearchToolset({ tools: manyTools() })] }).run('x');
    expect(run.toolCalls[1]!.result.isError).toBe(true);
    expect(run.toolCalls[1]!.result.content).toContain("'id'");
    expect(run.text).toBe('Sorry.');
  });

  it('refuses a query over 300 characters or 20 words at once, with a short error the model reads', async () => {
    const long = 'x'.repeat(100_000);
    const words = Array.from({ length: 25 }, (_, index) => `word${index}`).join(' ');
    const model = new ScriptedModel([
      { toolCalls: [{ id: 's1', name: 'search_tools', arguments: { query: long } }] },
      { toolCalls: [{ id: 's2', name: 'search_tools', arguments: { query: words } }] },
      { text: 'ok' },
    ]);
    const toolset = new ToolSearchToolset({ tools: manyTools() });
    const run = await new Agent({ model, tools: [toolset] }).run('x');
    expect(run.toolCalls[0]!.result.isError).toBe(true);
    expect(run.toolCalls[0]!.result.content).toContain('must be at most 300 characters');
    expect(run.toolCalls[0]!.result.content.length).toBeLessThan(400);
    expect(run.toolCalls[1]!.result.content).toContain('The query has 25 words; use at most 20');
    expect(() => toolset.search(long)).toThrow('The query has 100000 characters; use at most 300');
  });

  it('still finds a tool by a misspelt word, while a word longer than any name part is matched exactly', () => {
    const toolset = new ToolSearchToolset({ tools: manyTools() });
    expect(toolset.search('refnd', 1)[0]!.name).toBe('refund_order');
    expect(toolset.search('r'.repeat(290))).toEqual([]);
  });

  it('refuses at construction a listed tool named like the search tool, or two tools of one name, naming them', () => {
    expect(() => new ToolSearchToolset({ tools: [...manyTools(), new NamedTool('search_tools', 'Searches the catalogue.')] })).toThrow(
      "option 'tools' must be tools of distinct names, none named 'search_tools' (the search tool's name, option searchToolName), but was a list holding a tool named 'search_tools'",
    );
    expect(() => new ToolSearchToolset({ tools: [...manyTools(), new NamedTool('refund_order', 'Refunds (v2).')] })).toThrow(
      "but was a list holding two tools named 'refund_order'",
    );
    expect(() => new ToolSearchToolset({ tools: [new NamedTool('search_tools', 'x')], searchToolName: 'find_tools' })).not.toThrow();
  });

  it('a resumed state offers at most maxLoaded tools, only indexed ones, each once, whatever the stored state holds', async () => {
    const refund = new NamedTool('refund_order', 'Refunds a paid order to the customer.', { needsApproval: true });
    const tools = manyTools(refund);
    const first = new ScriptedModel([
      { toolCalls: [{ id: 's1', name: 'search_tools', arguments: { query: 'refund' } }] },
      { toolCalls: [{ id: 'c1', name: 'refund_order', arguments: { id: 'A7' } }] },
    ]);
    const paused = await new Agent({ model: first, tools: [new ToolSearchToolset({ tools, maxLoaded: 2 })] }).run('Refund A7');
    const tampered = ['refund_order', 'refund_order', 'search_tools', 'no_such_tool', 7, ...tools.slice(0, 30).map((tool) => tool.name)];
    const json = JSON.stringify(paused.state).replace(
      /("temp:toolcraft\.tool_search\.loaded":)\[[^\]]*\]/,
      (_, key: string) => `${key}${JSON.stringify(tampered)}`,
    );
    const state = RunState.fromJSON(JSON.parse(json));
    state.approve('c1');
    const second = new ScriptedModel([{ text: 'done' }]);
    await new Agent({ model: second, tools: [new ToolSearchToolset({ tools, maxLoaded: 2 })] }).resume(state);
    expect(second.requests[0]!.tools.map((tool) => tool.name)).toEqual(['search_tools', 'inventory_tool_28', 'inventory_tool_29']);
  });

  it('search() previews what a query finds, best first, without loading anything', () => {
    const toolset = new ToolSearchToolset({ tools: manyTools() });
    expect(toolset.size).toBe(1000);
    expect(toolset.search('refund paid order', 2)[0]!.name).toBe('refund_order');
  });

  it('refuses impossible options, naming them', () => {
    expect(() => new ToolSearchToolset({ tools: manyTools(), maxLoaded: 0 })).toThrow(InvalidToolsetOptionsError);
    expect(() => new ToolSearchToolset({ tools: manyTools(), maxLoaded: 0 })).toThrow(
      "option 'maxLoaded' must be a whole number of at least 1, but was 0",
    );
    expect(() => new ToolSearchToolset({ tools: 'x' as never })).toThrow(/'tools' must be a ToolRegistry or a list of tools/);
  });
});
