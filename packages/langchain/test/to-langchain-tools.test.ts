import 'reflect-metadata';
import {
  AgentContext,
  AgentEnvironment,
  InvalidToolDefinitionError,
  type JsonSchema,
  ToolCancelledError,
  ToolRegistry,
  ToolTimeoutError,
  type Feature,
} from '@toolcraft/core';
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { ToolMessage } from '@langchain/core/messages';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import {
  InvalidLangChainToolsError,
  LangChainConfigKey,
  progressEventName,
  toLangChainTools,
  type ToolcraftLangChainTool,
} from '@toolcraft/langchain';
import {
  ChartTool,
  CounterTool,
  DeleteTool,
  EvenTool,
  ShipTool,
  LookupTool,
  MathService,
  MetadataTool,
  WaitingTool,
  WeatherTool,
} from './support/tools';

const toolCall = (name: string, args: Record<string, unknown>, id = `call_${name}`) => ({ type: 'tool_call' as const, id, name, args });
const named = (tools: readonly ToolcraftLangChainTool[], name: string) => tools.find((tool) => tool.name === name)!;

describe('toLangChainTools', () => {
  it('makes one LangChain tool per toolcraft tool, with the exact name, description and JSON Schema LangChain sends to the model', () => {
    const weather = new WeatherTool();
    const lookup = new LookupTool();
    const tools = toLangChainTools([weather, lookup]);
    expect(tools.map((tool) => tool.name)).toEqual(['weather', 'lookup']);
    expect(convertToOpenAITool(tools[0]!)).toEqual({
      type: 'function',
      function: { name: 'weather', description: 'Tells the weather of a city.', parameters: weather.inputSchema },
    });
    expect(convertToOpenAITool(tools[1]!).function.parameters).toEqual(lookup.inputSchema);
    // What other chat model integrations (Anthropic, Google) convert the schema with.
    expect(toJsonSchema(tools[0]!.schema)).toEqual(weather.inputSchema);
    expect(toJsonSchema(tools[0]!.schema)).not.toHaveProperty('~standard');
    expect(tools[1]!.tool).toBe(lookup);
  });

  it('answers arguments with the content, and a tool call with a ToolMessage of its id, name and status success', async () => {
    const [weather] = toLangChainTools([new WeatherTool()]);
    await expect(weather!.invoke({ city: 'Paris' })).resolves.toBe('Paris: 21 degrees celsius');
    const message = await weather!.invoke(toolCall('weather', { city: 'Oslo', unit: 'fahrenheit' }, 'call_7'));
    expect(message).toBeInstanceOf(ToolMessage);
    expect(message).toMatchObject({ content: 'Oslo: 21 degrees fahrenheit', tool_call_id: 'call_7', name: 'weather', status: 'success' });
  });

  it("answers arguments LangChain's schema check refuses with toolcraft's error text, status error", async () => {
    const [weather] = toLangChainTools([new WeatherTool()]);
    const message = await weather!.invoke(toolCall('weather', { city: 'X', unit: 'kelvin' }));
    expect(message.status).toBe('error');
    expect(message.content).toContain("Invalid arguments for tool 'weather'");
    expect(message.content).toContain("'unit'");
    expect(message.content).toContain("Fix the arguments and call 'weather' again.");
    await expect(weather!.invoke({ unit: 'celsius' } as never)).resolves.toContain("- 'city': is required but missing");
  });

  it('keeps validation toolcraft does beyond JSON Schema (a zod refinement)', async () => {
    const [even] = toLangChainTools([new EvenTool()]);
    await expect(even!.invoke({ n: 4 })).resolves.toBe('4 is even');
    const message = await even!.invoke(toolCall('even', { n: 3 }));
    expect(message).toMatchObject({ status: 'error' });
    expect(message.content).toContain('must be even');
  });

  it("answers a tool that throws with toolcraft's error text, status error, and never rejects", async () => {
    const [lookup] = toLangChainTools([new LookupTool()]);
    const message = await lookup!.invoke(toolCall('lookup', { city: 'Atlantis' }));
    expect(message).toMatchObject({ status: 'error', tool_call_id: 'call_lookup' });
    expect(message.content).toContain('no city called Atlantis');
    await expect(lookup!.invoke({ city: 'Atlantis' })).resolves.toContain('no city called Atlantis');
  });

  it("runs every call through the environment's features, the LangChain tool call id as the call's id", async () => {
    const seen: string[] = [];
    const audit: Feature = {
      name: 'audit',
      install(pipeline) {
        pipeline.onToolCallStarting(this, ({ call }) => {
          seen.push(`${call.name} ${call.id}`);
          return call.name === 'lookup' ? { block: 'lookups are switched off' } : undefined;
        });
      },
    };
    const tools = toLangChainTools([new WeatherTool(), new LookupTool()], { features: [audit] });
    await named(tools, 'weather').invoke(toolCall('weather', { city: 'Rome' }, 'lc_1'));
    const blocked = await named(tools, 'lookup').invoke(toolCall('lookup', { city: 'Paris' }, 'lc_2'));
    expect(seen).toEqual(['weather lc_1', 'lookup lc_2']);
    expect(blocked).toMatchObject({ status: 'error' });
    expect(blocked.content).toContain('lookups are switched off');
  });

  it('takes services with @Tool methods as ToolRegistry.of does', async () => {
    const [multiply] = toLangChainTools([new MathService()]);
    expect(multiply!.name).toBe('multiply');
    await expect(multiply!.invoke({ a: 3, b: 4 })).resolves.toBe('12');
  });

  it('uses an AgentEnvironment as it is, and refuses settings given beside one', async () => {
    const environment = new AgentEnvironment({ registry: ToolRegistry.of(new WeatherTool()), maxResultChars: 12 });
    const [weather] = toLangChainTools(environment);
    await expect(weather!.invoke({ city: 'Paris' })).resolves.toMatch(/^Paris: 21 de/);
    expect(() => toLangChainTools(environment, { toolTimeoutMs: 5 })).toThrow(
      "toLangChainTools: 'toolTimeoutMs' cannot be given with an AgentEnvironment",
    );
  });

  it("bounds a call by the tool's time limit, aborting the tool's signal", async () => {
    jest.useFakeTimers();
    try {
      const waiting = new WaitingTool(1_000);
      const [tool] = toLangChainTools([waiting]);
      const answer = tool!.invoke(toolCall('waiting', {}));
      await jest.advanceTimersByTimeAsync(1_000);
      const message = await answer;
      expect(message).toMatchObject({ status: 'error' });
      expect(message.content).toContain('did not finish within 1000 ms');
      expect(waiting.reason).toBeInstanceOf(ToolTimeoutError);
    } finally {
      jest.useRealTimers();
    }
  });

  it("cancels a call when LangChain's signal aborts", async () => {
    const waiting = new WaitingTool();
    const [tool] = toLangChainTools([waiting]);
    const controller = new AbortController();
    const answer = tool!.invoke(toolCall('waiting', {}), { signal: controller.signal });
    await waiting.started;
    controller.abort(new Error('user left'));
    const message = await answer;
    expect(message).toMatchObject({ status: 'error', tool_call_id: 'call_waiting' });
    expect(message.content).toContain('cancelled');
    expect(waiting.reason).toBeInstanceOf(ToolCancelledError);
  });

  it('gives context-aware tools one context across calls by default, its state kept, each call with its own id', async () => {
    const counter = new CounterTool();
    const [tool] = toLangChainTools([counter]);
    await expect(tool!.invoke(toolCall('counter', {}, 'a'))).resolves.toMatchObject({ content: 'call 1 of a' });
    await expect(tool!.invoke(toolCall('counter', {}, 'b'))).resolves.toMatchObject({ content: 'call 2 of b' });
    expect(counter.seen[0]!.agentName).toBe('langchain');
    expect(counter.seen[0]!.runId).toBe(counter.seen[1]!.runId);
  });

  it("takes a context per call from a function of LangChain's config (one per thread, say)", async () => {
    const threads = new Map<string, AgentContext>();
    const agentContext = (config: { configurable?: Record<string, unknown> }) => {
      const thread = String(config.configurable?.thread_id);
      if (!threads.has(thread)) threads.set(thread, new AgentContext({ agentName: 'support', runId: thread }));
      return threads.get(thread)!;
    };
    const [tool] = toLangChainTools([new CounterTool()], { agentContext });
    const on = (thread: string) => ({ configurable: { thread_id: thread } });
    await tool!.invoke(toolCall('counter', {}, 'a'), on('t1'));
    await tool!.invoke(toolCall('counter', {}, 'b'), on('t1'));
    await expect(tool!.invoke(toolCall('counter', {}, 'c'), on('t2'))).resolves.toMatchObject({ content: 'call 1 of c' });
    expect(threads.get('t1')!.state.get('count')).toBe(2);
  });

  it('rejects the invoke with a clear error when the context function throws or returns something else', async () => {
    const [throwing] = toLangChainTools([new CounterTool()], {
      agentContext: () => {
        throw new Error('no session');
      },
    });
    await expect(throwing!.invoke({})).rejects.toThrow("toLangChainTools: the 'agentContext' function threw");
    const [wrong] = toLangChainTools([new CounterTool()], { agentContext: () => ({}) as AgentContext });
    await expect(wrong!.invoke({})).rejects.toThrow(InvalidLangChainToolsError);
  });

  it("passes LangChain's config to the tool as metadata: the config under LangChainConfigKey, its metadata entries by name", async () => {
    const reader = new MetadataTool();
    const [tool] = toLangChainTools([reader]);
    await tool!.invoke(toolCall('metadata', {}), { metadata: { user_id: 'u-42' }, configurable: { thread_id: 't9' }, runName: 'read it' });
    expect(reader.received!.get('user_id')).toBe('u-42');
    const config = reader.received!.get(LangChainConfigKey)!;
    expect(config.configurable).toEqual({ thread_id: 't9' });
    expect(config.toolCall).toMatchObject({ id: 'call_metadata' });
  });

  it("sends the call's progress to LangChain's callbacks as custom events, and its start and end as a tool run", async () => {
    const events: Array<[string, unknown]> = [];
    class Recorder extends BaseCallbackHandler {
      name = 'recorder';
      override awaitHandlers = true;
      override handleToolStart(
        _tool: unknown,
        input: string,
        _runId: string,
        _parent?: string,
        _tags?: string[],
        _meta?: unknown,
        runName?: string,
      ) {
        events.push(['start', `${runName} ${input}`]);
      }
      override handleCustomEvent(eventName: string, data: unknown) {
        events.push([eventName, data]);
      }
      override handleToolEnd(output: unknown) {
        events.push(['end', (output as ToolMessage).content]);
      }
    }
    const [tool] = toLangChainTools([new CounterTool()]);
    await tool!.invoke(toolCall('counter', {}, 'p1'), { callbacks: [new Recorder()] });
    expect(events).toEqual([
      ['start', 'counter {}'],
      [progressEventName, { callId: 'p1', toolName: 'counter', done: 1, total: 10, message: 'call 1' }],
      ['end', 'call 1 of p1'],
    ]);
  });

  it('answers images and files as LangChain standard content blocks', async () => {
    const [chart] = toLangChainTools([new ChartTool()]);
    const message = await chart!.invoke(toolCall('chart', {}));
    expect(message.content).toEqual([
      { type: 'text', text: 'the chart' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    ]);
    expect(message.contentBlocks.map((block) => block.type)).toEqual(['text', 'image']);
  });

  it('refuses tools that need approval unless told to leave approvals to LangChain', () => {
    expect(() => toLangChainTools([new WeatherTool(), new DeleteTool()])).toThrow(
      "toLangChainTools: 'delete_record' declares needsApproval, which a LangChain tool cannot enforce",
    );
    expect(toLangChainTools([new DeleteTool()], { approvals: 'leave-to-langchain' }).map((tool) => tool.name)).toEqual(['delete_record']);
  });

  it('says what was wrong with what it was given', () => {
    expect(() => toLangChainTools({} as never)).toThrow(
      'toLangChainTools: expected a ToolRegistry, an AgentEnvironment or a list of toolcraft tools (or services with @Tool methods), got an empty object.',
    );
    expect(() => toLangChainTools([new WeatherTool(), { name: 'x' }] as never)).toThrow(InvalidToolDefinitionError);
    expect(() => toLangChainTools([], { approvals: 'ask' as never })).toThrow(
      `'approvals' must be 'refuse' or 'leave-to-langchain', got "ask".`,
    );
    expect(() => toLangChainTools([], { agentContext: 'ctx' as never })).toThrow(InvalidLangChainToolsError);
    const address: JsonSchema = { $id: 'https://example.com/address.json', type: 'object', properties: { city: { type: 'string' } } };
    expect(() => toLangChainTools([new ShipTool()], { schemas: [address] })).toThrow(
      `toLangChainTools: tool 'ship': its schema refers to another document ($ref "https://example.com/address.json")`,
    );
  });
});
