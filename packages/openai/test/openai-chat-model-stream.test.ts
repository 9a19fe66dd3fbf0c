import { Agent, type AgentEvent, type ChatStreamEvent, ContextAwareTool, ModelCallError, ToolRegistry } from '@toolcraft/core';
import { OpenAIChatModel } from '../src/index.js';
import { FakeOpenAIServer } from './support/fake-openai-server.js';

const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-test',
  choices: [{ index: 0, delta, finish_reason: null }],
  ...extra,
});
const finish = (reason: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-test',
  choices: [{ index: 0, delta: {}, finish_reason: reason }],
});
const usageChunk = {
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'gpt-test',
  choices: [],
  usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 },
};

class WeatherTool extends ContextAwareTool<{ city: string }, string> {
  constructor() {
    super({
      argsType: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      name: 'weather',
      description: 'Weather.',
    });
  }
  execute(args: { city: string }): string {
    return `sunny in ${args.city}`;
  }
}

describe('OpenAIChatModel.stream', () => {
  let server: FakeOpenAIServer;
  beforeEach(async () => (server = await FakeOpenAIServer.start()));
  afterEach(() => server.close());

  it('asks for a stream with usage, yields the text as it arrives, and ends with the assembled response', async () => {
    server.reply({ sse: [chunk({ role: 'assistant', content: 'Hel' }), chunk({ content: 'lo!' }), finish('stop'), usageChunk] });
    const model = new OpenAIChatModel({ client: server.client({ maxRetries: 0 }), model: 'gpt-test' });
    const events: ChatStreamEvent[] = [];
    for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }], tools: [] })) events.push(event);
    expect(server.requests[0]?.body).toMatchObject({ model: 'gpt-test', stream: true, stream_options: { include_usage: true } });
    expect(events).toEqual([
      { type: 'text_delta', delta: 'Hel' },
      { type: 'text_delta', delta: 'lo!' },
      {
        type: 'response',
        response: {
          message: { role: 'assistant', content: 'Hello!' },
          usage: { inputTokens: 12, outputTokens: 7, totalTokens: 19 },
          finishReason: 'stop',
          id: 'chatcmpl-1',
          modelId: 'gpt-test',
        },
      },
    ]);
  });

  it('assembles tool calls whose name and arguments arrive split across chunks, and a streamed agent run uses them', async () => {
    server.reply(
      {
        sse: [
          chunk({
            role: 'assistant',
            tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'wea', arguments: '' } }],
          }),
          chunk({ tool_calls: [{ index: 0, function: { name: 'ther', arguments: '{"ci' } }] }),
          chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'weather', arguments: '{"city":' } }] }),
          chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Oslo"}' } }] }),
          chunk({ tool_calls: [{ index: 1, function: { arguments: '"Rome"}' } }] }),
          finish('tool_calls'),
          usageChunk,
        ],
      },
      { sse: [chunk({ content: 'Oslo and ' }), chunk({ content: 'Rome are sunny.' }), finish('stop'), usageChunk] },
    );
    const model = new OpenAIChatModel({ client: server.client({ maxRetries: 0 }), model: 'gpt-test' });
    const stream = new Agent({ model, registry: ToolRegistry.of(new WeatherTool()) }).stream('Weather?');
    const events: AgentEvent[] = [];
    for await (const event of stream) events.push(event);
    const run = await stream.result;
    expect(run.toolCalls.map((call) => [call.id, call.name, call.arguments, call.result.content])).toEqual([
      ['call_a', 'weather', '{"city":"Oslo"}', 'sunny in Oslo'],
      ['call_b', 'weather', '{"city":"Rome"}', 'sunny in Rome'],
    ]);
    expect(run.usage).toEqual({ inputTokens: 24, outputTokens: 14, totalTokens: 38 });
    expect(events.flatMap((event) => (event.type === 'text_delta' ? [event.delta] : []))).toEqual(['Oslo and ', 'Rome are sunny.']);
    expect(run.text).toBe('Oslo and Rome are sunny.');
  });

  it.each([
    ['ends without [DONE]', 'quietly'],
    ['drops the connection', 'drop'],
  ] as const)('fails retryably, yielding no response, when the stream %s before a finish reason', async (_what, end) => {
    server.reply({ sse: [chunk({ role: 'assistant', content: 'Half an ans' })], end });
    const model = new OpenAIChatModel({ client: server.client({ maxRetries: 0 }), model: 'gpt-test' });
    const events: ChatStreamEvent[] = [];
    const error = await (async () => {
      for await (const event of model.stream({ messages: [{ role: 'user', content: 'hi' }], tools: [] })) events.push(event);
    })().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(events).toEqual([{ type: 'text_delta', delta: 'Half an ans' }]);
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/^OpenAI chat completion with model 'gpt-test' failed: /) as string,
    });
  });

  it('is asked again by the agent when the stream is cut in a tool call, which never runs half-sent', async () => {
    const halfCall = { index: 0, id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"ci' } };
    server.reply(
      { sse: [chunk({ role: 'assistant', tool_calls: [halfCall] })], end: 'quietly' },
      { sse: [chunk({ role: 'assistant', content: 'Whole answer.' }), finish('stop')] },
    );
    const model = new OpenAIChatModel({ client: server.client({ maxRetries: 0 }), model: 'gpt-test' });
    const agent = new Agent({
      model,
      registry: ToolRegistry.of(new WeatherTool()),
      retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    const run = await agent.stream('hi').result;
    expect([run.text, run.toolCalls, server.requests.length]).toEqual(['Whole answer.', [], 2]);
  });

  it('aborts the HTTP request when the loop breaks mid-stream, leaving no response open', async () => {
    server.reply({ sse: [chunk({ role: 'assistant', content: 'Once upon' })], hold: true });
    const model = new OpenAIChatModel({ client: server.client({ maxRetries: 0 }), model: 'gpt-test' });
    const stream = new Agent({ model, registry: ToolRegistry.of() }).stream('Tell a story');
    for await (const event of stream) if (event.type === 'text_delta') break;
    expect((await stream.result).stopReason).toBe('aborted');
    await server.streamsClosed();
    expect(server.openStreams.size).toBe(0);
  });
});
