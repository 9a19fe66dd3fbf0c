import 'reflect-metadata';
import {
  Agent,
  AgentContext,
  AgentEnvironment,
  type AgentEvent,
  InvalidToolDefinitionError,
  ToolRegistry,
  type AnyTool,
} from '@toolcraft/core';
import { generateText, jsonSchema, tool, type Tool as AITool, type ToolExecutionOptions } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { AISDKChatModel, AISDKToolResult, fromAISDKTools } from '../src/index';
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { finish, generated, streamed, textStream, toolCall, usage } from './support/model-results';

/** An agent whose AI SDK mock model calls `name` with `input`, then answers 'Done.' (through doGenerate, or doStream for agent.stream). */
function agentCalling(tools: AnyTool[], name: string, input: unknown): { agent: Agent; model: MockLanguageModelV3 } {
  const model = new MockLanguageModelV3({
    doGenerate: [generated([toolCall('call-1', name, input)], finish('tool-calls')), generated([{ type: 'text', text: 'Done.' }])],
    doStream: [
      streamed([
        toolCall('call-1', name, input) as LanguageModelV3StreamPart,
        { type: 'finish', finishReason: finish('tool-calls'), usage: usage(1, 1) },
      ]),
      streamed(textStream(['Done.'])),
    ],
  });
  return { agent: new Agent({ model: new AISDKChatModel(model), tools }), model };
}

function environment(tools: AnyTool[]): AgentEnvironment {
  return new AgentEnvironment({ registry: new ToolRegistry(tools) });
}

const weatherInput = z.object({
  city: z.string().min(1).describe('The city'),
  units: z.enum(['celsius', 'fahrenheit']).default('celsius'),
});

describe('fromAISDKTools', () => {
  it('keeps the JSON Schema the AI SDK sends for a zod inputSchema, exactly', async () => {
    const weather = tool({ description: 'The weather in a city.', inputSchema: weatherInput, execute: () => 'sunny' });
    const [imported] = await fromAISDKTools({ weather });
    const model = new MockLanguageModelV3({ doGenerate: generated([{ type: 'text', text: 'ok' }]) });
    await generateText({ model, tools: { weather }, prompt: 'Weather?' });
    const sent = model.doGenerateCalls[0].tools![0] as { inputSchema: unknown; description: string };
    expect(imported.inputSchema).toEqual(sent.inputSchema);
    expect(imported.name).toBe('weather');
    expect(imported.description).toBe(sent.description);
  });

  it("runs in an agent: execute gets the schema's parse (defaults filled), the call id, signal and the run's context; the model gets the output as JSON", async () => {
    const seen: Array<{ input: unknown; options: ToolExecutionOptions }> = [];
    const weather = tool({
      description: 'The weather in a city.',
      inputSchema: weatherInput,
      execute: async (input, options) => {
        seen.push({ input, options });
        return { city: input.city, temperature: 18, units: input.units };
      },
    });
    const { agent, model } = agentCalling(await fromAISDKTools({ weather }), 'weather', { city: 'Paris' });
    const run = await agent.run('Weather in Paris?');
    expect(run.text).toBe('Done.');
    expect(seen).toHaveLength(1);
    expect(seen[0].input).toEqual({ city: 'Paris', units: 'celsius' });
    expect(seen[0].options.toolCallId).toBe('call-1');
    expect(seen[0].options.abortSignal).toBeInstanceOf(AbortSignal);
    expect(seen[0].options.experimental_context).toBeInstanceOf(AgentContext);
    const [toolResult] = run.messages.filter((message) => message.role === 'tool');
    expect(toolResult).toMatchObject({ content: '{"city":"Paris","temperature":18,"units":"celsius"}' });
    expect(run.toolCalls[0]).toMatchObject({ name: 'weather' });
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it("refuses arguments that break the JSON Schema with toolcraft's violations, and ones the tool's own schema refuses, without running it", async () => {
    const execute = jest.fn(() => 'sunny');
    const weather = tool({
      description: 'Weather.',
      inputSchema: weatherInput.refine((value) => value.city !== 'Atlantis', 'no such city'),
      execute,
    });
    const env = environment(await fromAISDKTools({ weather }));
    const invalid = await env.executeTool({ name: 'weather', arguments: { city: '', units: 'kelvin' } });
    expect(invalid.isError).toBe(true);
    expect(invalid.content).toMatch(/^Error: Invalid arguments for tool 'weather':/);
    expect(invalid.content).toMatch(/city/);
    expect(invalid.content).toMatch(/units/);
    const refused = await env.executeTool({ name: 'weather', arguments: { city: 'Atlantis' } });
    expect(refused.isError).toBe(true);
    expect(refused.content).toContain('no such city');
    expect(execute).not.toHaveBeenCalled();
  });

  it('takes a jsonSchema() tool and a synchronous execute; a string output is sent as it is', async () => {
    const echo = tool({
      description: 'Echoes.',
      inputSchema: jsonSchema<{ text: string }>({
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
        additionalProperties: false,
      }),
      execute: ({ text }) => `echo: ${text}`,
    });
    const [imported] = await fromAISDKTools({ echo });
    expect(imported.inputSchema).toEqual({
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    });
    const result = await environment([imported]).executeTool({ name: 'echo', arguments: '{"text":"hi"}' });
    expect(result).toMatchObject({ isError: false, content: 'echo: hi' });
    expect(result.value).toBeInstanceOf(AISDKToolResult);
    expect((result.value as AISDKToolResult).output).toBe('echo: hi');
  });

  it('takes an async iterable execute: the last output is the result, the ones before it are progress in a streamed run', async () => {
    const search = tool({
      description: 'Searches.',
      inputSchema: z.object({ query: z.string() }),
      async *execute({ query }) {
        yield { status: 'searching', query };
        yield { status: 'ranking', query };
        yield { status: 'done', hits: 3 };
      },
    });
    const { agent } = agentCalling(await fromAISDKTools({ search }), 'search', { query: 'toolcraft' });
    const events: AgentEvent[] = [];
    for await (const event of agent.stream('Search.')) events.push(event);
    const progress = events.flatMap((event) => (event.type === 'tool_progress' ? [{ done: event.done, message: event.message }] : []));
    expect(progress).toEqual([
      { done: 1, message: '{"status":"searching","query":"toolcraft"}' },
      { done: 2, message: '{"status":"ranking","query":"toolcraft"}' },
    ]);
    const completed = events.find((event) => event.type === 'tool_call_completed');
    expect(completed).toMatchObject({ result: { content: '{"status":"done","hits":3}', isError: false } });
  });

  it('answers a tool that throws, returns what is not JSON, or yields nothing with an error result; the run goes on', async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const input = z.object({});
    const tools = await fromAISDKTools({
      boom: tool({ inputSchema: input, execute: (): Promise<string> => Promise.reject(new Error('database is down')) }),
      big: tool({ inputSchema: input, execute: () => ({ count: 10n }) }),
      loop: tool({ inputSchema: input, execute: () => circular }),
      quiet: tool({ inputSchema: input, async *execute(): AsyncGenerator<string> {} }),
    });
    const env = environment(tools);
    const results = await env.executeTools(['boom', 'big', 'loop', 'quiet'].map((name) => ({ name, arguments: {} })));
    expect(results.map((result) => result.isError)).toEqual([true, true, true, true]);
    expect(results[0].content).toBe("Error: tool 'boom' failed: database is down");
    expect(results[1].content).toMatch(/Tool 'big' returned a value that is not JSON/);
    expect(results[2].content).toMatch(/Tool 'loop' returned a value that is not JSON/);
    expect(results[3].content).toMatch(/yielded no output/);
    const { agent } = agentCalling(tools, 'boom', {});
    expect((await agent.run('Go')).text).toBe('Done.');
  });

  it('bounds a call by its time limit and signal: a hanging execute ends in an error result, and its signal aborts', async () => {
    jest.useFakeTimers();
    try {
      const signals: AbortSignal[] = [];
      const hang = tool({
        inputSchema: z.object({}),
        execute: (_input, { abortSignal }) => {
          signals.push(abortSignal!);
          return new Promise<string>(() => undefined);
        },
      });
      const env = environment(await fromAISDKTools({ hang }, { timeoutMs: 1000 }));
      const pending = env.executeTool({ name: 'hang', arguments: {} });
      await jest.advanceTimersByTimeAsync(1001);
      expect(await pending).toMatchObject({ isError: true, content: expect.stringMatching(/1000 ?ms/) as unknown });
      expect(signals[0].aborted).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it("sends the tool's toModelOutput: content parts as toolcraft parts, an error-text output as an error result", async () => {
    const input = z.object({});
    const tools = await fromAISDKTools({
      screenshot: tool({
        inputSchema: input,
        execute: () => ({ png: 'iVBORw0KGgo=' }),
        toModelOutput: ({ output }) => ({
          type: 'content',
          value: [
            { type: 'text', text: 'The page:' },
            { type: 'image-data', data: output.png, mediaType: 'image/png' },
          ],
        }),
      }),
      lookup: tool({
        inputSchema: input,
        execute: () => ({ found: false }),
        toModelOutput: () => ({ type: 'error-text', value: 'Not found.' }),
      }),
    });
    const [shot, lookup] = await environment(tools).executeTools([
      { name: 'screenshot', arguments: {} },
      { name: 'lookup', arguments: {} },
    ]);
    expect(shot.parts).toEqual([
      { type: 'text', text: 'The page:' },
      { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
    ]);
    expect(lookup).toMatchObject({ isError: true, content: "Error: tool 'lookup' failed: Not found." });
  });

  it('imports a tool without execute as declaration-only: an agent run stops for the host to answer its call', async () => {
    const location = tool({ description: "The user's city, from the browser.", inputSchema: z.object({}) });
    const [imported] = await fromAISDKTools({ get_location: location });
    expect(imported.declarationOnly).toBe(true);
    const { agent } = agentCalling([imported], 'get_location', {});
    const run = await agent.run('Where am I?');
    expect(run.stopReason).toBe('interrupted');
    expect(run.interruptions).toMatchObject([{ kind: 'result', callId: 'call-1', toolName: 'get_location' }]);
    await expect(fromAISDKTools({ get_location: location }, { clientTools: 'refuse' })).rejects.toThrow(/has no execute/);
  });

  it("keeps needsApproval: a call of a tool that needs it waits for the host's approval", async () => {
    const pay = tool({
      inputSchema: z.object({ amount: z.number() }),
      needsApproval: async (input) => input.amount > 100,
      execute: ({ amount }) => `paid ${amount}`,
    });
    const [imported] = await fromAISDKTools({ pay });
    const small = await agentCalling([imported], 'pay', { amount: 5 }).agent.run('Pay 5.');
    expect(small.stopReason).toBe('completed');
    const large = await agentCalling([imported], 'pay', { amount: 500 }).agent.run('Pay 500.');
    expect(large.stopReason).toBe('interrupted');
    expect(large.interruptions).toMatchObject([{ kind: 'approval', toolName: 'pay' }]);
  });

  it('reads needsApproval as the AI SDK does: any truthy answer asks, a falsy one runs the call; a throw or rejection asks', async () => {
    const answers: Array<[string, () => unknown, boolean]> = [
      ['a string', () => 'over the limit', true],
      ['1', () => 1, true],
      ['undefined', () => undefined, false],
      ['0', () => 0, false],
      [
        'a throw',
        () => {
          throw new Error('policy service down');
        },
        true,
      ],
      ['a rejection', () => Promise.reject(new Error('policy service down')), true],
    ];
    for (const [label, answer, asks] of answers) {
      let runs = 0;
      const pay = tool({
        inputSchema: z.object({ amount: z.number() }),
        needsApproval: answer as () => boolean,
        execute: () => `paid ${++runs}`,
      });
      const run = await agentCalling(await fromAISDKTools({ pay }), 'pay', { amount: 500 }).agent.run('Pay 500.');
      expect({ label, stopReason: run.stopReason, runs }).toEqual({
        label,
        stopReason: asks ? 'interrupted' : 'completed',
        runs: asks ? 0 : 1,
      });
    }
  });

  it('refuses a schema with a pattern that cannot be matched in linear time, with execute or without, as an imported schema', async () => {
    const lookahead = jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string', pattern: '^(?=(a+)+$)' } } });
    await expect(fromAISDKTools({ search: tool({ inputSchema: lookahead, execute: () => 'ok' }) })).rejects.toThrow(
      /'search'.*lookahead.*linear time/s,
    );
    await expect(fromAISDKTools({ search: tool({ inputSchema: lookahead }) })).rejects.toThrow(InvalidToolDefinitionError);
    const linear = jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string', pattern: '^(a+)+$' } } });
    const [search] = await fromAISDKTools({ search: tool({ inputSchema: linear, execute: () => 'ok' }) });
    const result = await environment([search]).executeTool({
      id: 'c1',
      name: 'search',
      arguments: JSON.stringify({ q: `${'a'.repeat(40)}!` }),
    });
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining("'q'") as unknown });
  });

  it('names the tool in an InvalidToolDefinitionError when its inputSchema gives no JSON Schema: it throws, rejects, or is not a schema', async () => {
    const cases: Record<string, AITool> = {
      dated: tool({ inputSchema: z.object({ when: z.date() }), execute: () => 'ok' }),
      lazy: tool({ inputSchema: jsonSchema(() => Promise.reject(new TypeError('the schema server is down'))), execute: () => 'ok' }),
      numeric: { inputSchema: 42, execute: () => 'ok' } as never,
    };
    for (const [name, aiTool] of Object.entries(cases)) {
      const failure = fromAISDKTools({ [name]: aiTool });
      await expect(failure).rejects.toBeInstanceOf(InvalidToolDefinitionError);
      await expect(failure).rejects.toThrow(`'${name}' (an AI SDK tool): its inputSchema gives no JSON Schema`);
    }
    await expect(fromAISDKTools({ lazy: cases.lazy })).rejects.toThrow(/the schema server is down/);
  });

  it('bounds a lazy schema by schemaTimeoutMs and the signal', async () => {
    jest.useFakeTimers();
    try {
      const never = tool({ inputSchema: jsonSchema(() => new Promise<never>(() => undefined)), execute: () => 'ok' });
      const timedOut = fromAISDKTools({ never }, { schemaTimeoutMs: 500 });
      const settled = expect(timedOut).rejects.toThrow("'never' (an AI SDK tool): its lazy inputSchema gave no JSON Schema within 500 ms");
      await jest.advanceTimersByTimeAsync(500);
      await settled;

      const controller = new AbortController();
      const reason = new Error('shutting down');
      const aborted = fromAISDKTools({ never }, { signal: controller.signal });
      controller.abort(reason);
      await expect(aborted).rejects.toBe(reason);
      await expect(fromAISDKTools({ never }, { schemaTimeoutMs: 0 })).rejects.toThrow(/schemaTimeoutMs/);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses provider-defined tools, names toolcraft does not allow, schemas that are not object schemas, and what is not a tool set', async () => {
    const providerTool = { type: 'provider', id: 'openai.web_search', args: {}, inputSchema: jsonSchema({ type: 'object' }) } as const;
    await expect(fromAISDKTools({ web_search: providerTool as never })).rejects.toThrow(/provider-defined tool \('openai\.web_search'\)/);
    await expect(fromAISDKTools({ 'bad name': tool({ inputSchema: z.object({}), execute: () => 'x' }) })).rejects.toBeInstanceOf(
      InvalidToolDefinitionError,
    );
    await expect(fromAISDKTools({ list: tool({ inputSchema: z.array(z.string()) as never, execute: () => 'x' }) })).rejects.toThrow(
      /an argument schema must have type "object"/,
    );
    await expect(fromAISDKTools([] as never)).rejects.toThrow(/an AI SDK tool set/);
    await expect(fromAISDKTools({ nothing: {} as never })).rejects.toThrow(/not an AI SDK tool/);
  });
});
