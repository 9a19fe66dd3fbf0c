import 'reflect-metadata';
import { getEventListeners } from 'node:events';
import { Agent, AgentEnvironment, ToolRegistry, ToolResult, ToolTimeoutError } from '@toolcraft/core';
import { ScriptedModel } from '@toolcraft/testing';
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { ToolMessage } from '@langchain/core/messages';
import { DynamicStructuredTool, tool } from '@langchain/core/tools';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { z } from 'zod';
import {
  fromLangChainTools,
  ImportedLangChainTool,
  InvalidLangChainToolsError,
  LangChainToolError,
  toLangChainTools,
} from '@toolcraft/langchain';
import { hangingTool, langchainTools } from './support/langchain-tools';
import { WeatherTool } from './support/tools';

const call = (environment: AgentEnvironment, name: string, args: unknown = {}, id = `call_${name}`) =>
  environment.executeTool({ id, name, arguments: JSON.stringify(args) });
const environmentOf = (...tools: ImportedLangChainTool[]) => new AgentEnvironment({ registry: new ToolRegistry(tools) });

describe('fromLangChainTools', () => {
  it('keeps the exact JSON Schema LangChain sends to a model, for zod 4, zod 3, JSON Schema, string-input and runnable tools', () => {
    const lc = langchainTools();
    const sources = [lc.add, lc.search, lc.lookup, lc.shout, lc.upper];
    const tools = fromLangChainTools(sources);
    // What LangChain's chat models convert each tool with (the union of tool classes needs a common type here).
    const asSent = (index: number) => convertToOpenAITool(sources[index] as Parameters<typeof convertToOpenAITool>[0]).function.parameters;
    const converted = (index: number) => toJsonSchema(sources[index]!.schema as Parameters<typeof toJsonSchema>[0]);
    expect(tools.map((imported) => imported.name)).toEqual(['add', 'search', 'lookup', 'shout', 'upper']);
    tools.forEach((imported, index) => {
      expect(imported.inputSchema).toEqual(asSent(index));
      expect(imported.inputSchema).toEqual(converted(index));
      expect(imported.description).toBe(sources[index]!.description);
    });
    expect(tools[3]!.inputSchema).toMatchObject({ type: 'object', properties: { input: { type: 'string' } } });
  });

  it('leaves a zod field with a default out of required (LangChain fills it): a call without it reaches the tool with the default', async () => {
    const seen: unknown[] = [];
    const schema = z.object({
      q: z.string(),
      limit: z.number().default(3),
      filters: z.object({ exact: z.boolean().default(false) }).optional(),
    });
    const search = tool(
      (input) => {
        seen.push(input);
        return 'found';
      },
      { name: 'search', description: 'Searches.', schema },
    );
    const sent = toJsonSchema(schema) as { required: string[] };
    expect(sent.required).toEqual(['q', 'limit']);
    const [imported] = fromLangChainTools([search]);
    expect(imported!.inputSchema).toMatchObject({
      required: ['q'],
      properties: { limit: { type: 'number', default: 3 }, filters: { properties: { exact: { default: false } } } },
    });
    expect((imported!.inputSchema.properties as { filters: { required?: string[] } }).filters.required ?? []).toEqual([]);
    expect(sent.required).toEqual(['q', 'limit']);
    const environment = environmentOf(imported!);
    expect(await call(environment, 'search', { q: 'cats', filters: {} })).toMatchObject({ isError: false, content: 'found' });
    expect(seen).toEqual([{ q: 'cats', limit: 3, filters: { exact: false } }]);
  });

  it('runs the LangChain tools in a toolcraft Agent: the model sees their schemas, they get their arguments and tool call ids', async () => {
    const lc = langchainTools();
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'c1', name: 'add', arguments: { a: 2, b: 3 } },
          { id: 'c2', name: 'search', arguments: { query: 'toolcraft' } },
          { id: 'c3', name: 'shout', arguments: { input: 'hello' } },
          { id: 'c4', name: 'upper', arguments: { text: 'abc' } },
        ],
      },
      { text: 'done' },
    ]);
    const agent = new Agent({ model, tools: fromLangChainTools([lc.add, lc.search, lc.shout, lc.upper]) });
    const run = await agent.run('go');
    expect(run.text).toBe('done');
    expect(run.toolCalls.map((toolCall) => [toolCall.name, toolCall.result.content, toolCall.result.isError])).toEqual([
      ['add', '5', false],
      ['search', '3 results for toolcraft', false],
      ['shout', 'HELLO', false],
      ['upper', '{"upper":"ABC"}', false],
    ]);
    expect(model.requests[0]!.tools.find((definition) => definition.name === 'add')!.inputSchema).toEqual(toJsonSchema(lc.add.schema));
    expect(lc.calls.map((entry) => [entry.tool, entry.input, entry.config?.toolCall?.id])).toEqual([
      ['add', { a: 2, b: 3 }, 'c1'],
      ['search', { query: 'toolcraft' }, 'c2'],
      ['shout', 'hello', 'c3'],
    ]);
    // The result's value is what LangChain answered.
    expect(run.toolCalls[0]!.result.value).toBeInstanceOf(ToolMessage);
  });

  it("validates the arguments with toolcraft first: the model reads toolcraft's violations and the LangChain tool is not called", async () => {
    const lc = langchainTools();
    const environment = environmentOf(...fromLangChainTools([lc.add, lc.lookup]));
    const bad = await call(environment, 'add', { a: 'two', b: 1.5 });
    expect(bad.isError).toBe(true);
    expect(bad.content).toContain("Invalid arguments for tool 'add'");
    expect(bad.content).toContain("- 'a': expected a number");
    expect(bad.content).toContain("- 'b':");
    expect((await call(environment, 'lookup', { key: 'ABC' })).content).toContain("- 'key':");
    expect(lc.calls).toEqual([]);
  });

  it("answers a rule of the LangChain tool's own zod schema that JSON Schema cannot carry with LangChain's error text", async () => {
    const refined = tool(({ n }) => `${n}`, {
      name: 'odd',
      description: 'Takes an odd number.',
      schema: z.object({ n: z.number().refine((n) => n % 2 === 1, 'must be odd') }),
    });
    const result = await call(environmentOf(...fromLangChainTools([refined])), 'odd', { n: 2 });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('must be odd');
  });

  it('turns a throw, an error ToolMessage and a direct output it cannot apply into error results, and the run goes on', async () => {
    const lc = langchainTools();
    const model = new ScriptedModel([
      {
        toolCalls: [
          { id: 'c1', name: 'broken' },
          { id: 'c2', name: 'quota' },
          { id: 'c3', name: 'command' },
        ],
      },
      { text: 'sorry' },
    ]);
    const run = await new Agent({ model, tools: fromLangChainTools([lc.broken, lc.quota, lc.command]) }).run('go');
    expect(run.text).toBe('sorry');
    const [broken, quota, command] = run.toolCalls.map((toolCall) => toolCall.result);
    expect(broken).toMatchObject({ isError: true });
    expect(broken!.content).toContain('the upstream API is down');
    expect(quota).toMatchObject({ isError: true });
    expect(quota!.content).toContain('quota exceeded');
    expect(LangChainToolError.isInstance(quota!.error)).toBe(true);
    expect(command!.content).toContain('LangChain direct output that is not a ToolMessage');
    expect(model.requests[1]!.messages.filter((message) => message.role === 'tool').every((message) => message.isError)).toBe(true);
  });

  it('answers an object LangChain cannot write as JSON (its "[object Object]") with an error result, not a success', async () => {
    const circular: Record<string, unknown> = { city: 'Paris' };
    circular.self = circular;
    const looped = tool(() => circular, { name: 'looped', description: 'Returns a circular object.', schema: z.object({}) });
    const result = await call(environmentOf(...fromLangChainTools([looped])), 'looped');
    expect(result.isError).toBe(true);
    expect(LangChainToolError.isInstance(result.error)).toBe(true);
    expect(result.content).toContain("Tool 'looped' returned an object LangChain could not write as JSON (a circular structure?)");
  });

  it('shows the model objects as JSON, content blocks as text and image parts, and keeps an artifact on the value', async () => {
    const lc = langchainTools();
    const environment = environmentOf(...fromLangChainTools([lc.weather, lc.photo, lc.report]));
    expect((await call(environment, 'weather_json')).content).toBe('{"city":"Paris","temperature":21}');
    const photo = await call(environment, 'photo');
    expect(photo.parts).toEqual([
      { type: 'text', text: 'a photo of Paris' },
      { type: 'image', data: 'https://example.com/paris.png', mediaType: 'image/*' },
      { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
    ]);
    const report = await call(environment, 'report');
    expect(report.content).toBe('3 rows');
    expect((report.value as ToolMessage).artifact).toEqual({ rows: [1, 2, 3] });
  });

  it("bounds a tool that never answers by the call's time limit and aborts the signal it was invoked with", async () => {
    jest.useFakeTimers();
    try {
      const { hanging, seen } = hangingTool();
      const environment = environmentOf(...fromLangChainTools([hanging], { timeoutMs: 5_000 }));
      const pending = call(environment, 'hanging');
      await jest.advanceTimersByTimeAsync(5_000);
      const result = await pending;
      expect(result.isError).toBe(true);
      expect(result.error).toBeInstanceOf(ToolTimeoutError);
      expect(seen.signal?.aborted).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it("cancels calls when the configured config's signal aborts, and leaves no listener on it after a call", async () => {
    const lc = langchainTools();
    const controller = new AbortController();
    const waiting = tool(() => new Promise<string>(() => undefined), { name: 'waiting', description: 'Waits.', schema: z.object({}) });
    const environment = environmentOf(...fromLangChainTools([lc.add, waiting], { config: { signal: controller.signal } }));
    expect((await call(environment, 'add', { a: 1, b: 2 })).content).toBe('3');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    const pending = call(environment, 'waiting');
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new Error('shutting down'));
    const result = await pending;
    expect(result.isError).toBe(true);
    expect(result.content).toContain('shutting down');
  });

  it("ends the run with the answer of a tool marked returnDirect, as LangChain's agents do", async () => {
    const lc = langchainTools();
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'final' }] }, { text: 'never asked' }]);
    const run = await new Agent({ model, tools: fromLangChainTools([lc.final]) }).run('go');
    expect(run.stopReason).toBe('completed');
    expect(run.text).toBe('the final answer');
    expect(model.requests).toHaveLength(1);
  });

  it('invokes every call with the configured callbacks, tags and metadata', async () => {
    const starts: Array<{ name: string | undefined; tags: string[] | undefined; metadata: unknown }> = [];
    class Recorder extends BaseCallbackHandler {
      name = 'recorder';
      override awaitHandlers = true;
      override handleToolStart(
        _tool: unknown,
        _input: string,
        _runId: string,
        _parent?: string,
        tags?: string[],
        metadata?: unknown,
        runName?: string,
      ) {
        starts.push({ name: runName, tags, metadata });
      }
    }
    const lc = langchainTools();
    const [add] = fromLangChainTools([lc.add], {
      config: { callbacks: [new Recorder()], tags: ['toolcraft'], metadata: { tenant: 'acme' } },
    });
    await call(environmentOf(add!), 'add', { a: 1, b: 1 });
    expect(starts).toEqual([{ name: 'add', tags: ['toolcraft'], metadata: expect.objectContaining({ tenant: 'acme' }) }]);
    expect(lc.calls[0]!.config?.tags).toEqual(['toolcraft']);
  });

  it('takes side effects, approval and limits toolcraft cannot read from a LangChain tool, by name: an approval pauses the run', async () => {
    const lc = langchainTools();
    const tools = fromLangChainTools([lc.add, lc.search], {
      tools: { search: { effects: 'read', needsApproval: true, maxInvocations: 2 } },
    });
    expect(tools[1]).toMatchObject({ effects: 'read', needsApproval: true, maxInvocations: 2 });
    const model = new ScriptedModel([{ toolCalls: [{ id: 'c1', name: 'search', arguments: { query: 'cats' } }] }, { text: 'found cats' }]);
    const agent = new Agent({ model, tools });
    const run = await agent.run('search');
    expect(run.stopReason).toBe('interrupted');
    expect(lc.calls).toEqual([]);
    run.state.approve('c1');
    const resumed = await agent.resume(run.state);
    expect(resumed.text).toBe('found cats');
    expect(lc.calls.map((entry) => entry.tool)).toEqual(['search']);
  });

  it('round-trips: a toolcraft tool exported to LangChain and imported back keeps its schema, validation and results', async () => {
    const weather = new WeatherTool();
    const [imported] = fromLangChainTools(toLangChainTools([weather]));
    expect(imported!.inputSchema).toEqual(weather.inputSchema);
    const environment = environmentOf(imported!);
    expect((await call(environment, 'weather', { city: 'Oslo' })).content).toBe('Oslo: 21 degrees celsius');
    expect((await call(environment, 'weather', { city: 'O' })).content).toContain("- 'city': must be at least 2 characters long");
  });

  it('says which tool cannot be imported and why', () => {
    const lc = langchainTools();
    expect(() => fromLangChainTools(lc.add as never)).toThrow(
      'fromLangChainTools: expected an array of LangChain tools, got an instance of DynamicStructuredTool (pass [tool]).',
    );
    expect(() => fromLangChainTools([lc.add, { name: 'x' }] as never)).toThrow('fromLangChainTools: item 1 is not a LangChain tool');
    expect(() => fromLangChainTools([lc.add, lc.add])).toThrow("fromLangChainTools: tool 'add': two tools have this name");
    const spaced = tool(() => 'x', { name: 'has spaces', description: 'x', schema: z.object({}) });
    expect(() => fromLangChainTools([spaced])).toThrow(InvalidLangChainToolsError);
    expect(() => fromLangChainTools([spaced])).toThrow("fromLangChainTools: tool 'has spaces': cannot be imported");
    const listed = new DynamicStructuredTool({
      name: 'listed',
      description: 'x',
      schema: { type: 'array', items: { type: 'string' } },
      func: () => Promise.resolve('x'),
    });
    expect(() => fromLangChainTools([listed])).toThrow(
      `fromLangChainTools: tool 'listed': its input schema must be an object schema (type "object"), as tool arguments are a JSON object; got`,
    );
    expect(() => fromLangChainTools([lc.add], { timeoutMs: -1 })).toThrow("'timeoutMs' must be a number of ms above 0, got -1.");
  });
});

describe('ImportedLangChainTool', () => {
  it('is a toolcraft tool whose result value is the ToolMessage and whose text is its content', async () => {
    const lc = langchainTools();
    const [add] = fromLangChainTools([lc.add]);
    expect(add).toBeInstanceOf(ImportedLangChainTool);
    expect(add!.langchain).toBe(lc.add);
    const result = await call(environmentOf(add!), 'add', { a: 20, b: 22 }, 'id-1');
    expect(result).toMatchObject({ id: 'id-1', content: '42', isError: false });
    expect(ToolResult.isParts(result.value)).toBe(false);
    expect(result.value).toMatchObject({ tool_call_id: 'id-1', content: '42' });
  });
});
