import { Agent, ModelCallError, ToolRegistry, type ChatRequest, type ChatStreamEvent } from '@toolcraft/core';
import { APIUserAbortError } from 'openai';
import { OpenAIResponsesModel } from '../src/index';
import { FakeOpenAIServer } from './support/fake-openai-server';
import {
  functionCallItem,
  messageItem,
  reasoningItem,
  responseEvents,
  responseObject,
  streamedReply,
  usageOf,
} from './support/responses-replies';

const request = (overrides: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [{ role: 'user', content: 'Hi' }],
  tools: [{ name: 'get_weather', description: 'Weather.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }],
  ...overrides,
});

async function collect(stream: AsyncIterable<ChatStreamEvent>): Promise<{ events: ChatStreamEvent[]; error?: unknown }> {
  const events: ChatStreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

describe('OpenAIResponsesModel.stream', () => {
  let server: FakeOpenAIServer;
  let model: OpenAIResponsesModel;

  beforeEach(async () => {
    server = await FakeOpenAIServer.start();
    model = new OpenAIResponsesModel({ client: server.client(), model: 'gpt-5-mini' });
  });
  afterEach(() => server.close());

  it('asks for a stream, yields the text as it arrives, and ends with the response of response.completed', async () => {
    server.reply(streamedReply(responseObject([messageItem('Hello there!')], { id: 'resp_s', usage: usageOf(12, 7, { reasoning: 3 }) })));
    const { events, error } = await collect(model.stream(request()));
    expect(error).toBeUndefined();
    expect(server.responsesBodies[0]).toMatchObject({ model: 'gpt-5-mini', stream: true, store: false });
    expect(events).toEqual([
      { type: 'text_delta', delta: 'Hello ' },
      { type: 'text_delta', delta: 'there!' },
      {
        type: 'response',
        response: {
          message: { role: 'assistant', content: 'Hello there!', providerMetadata: { openai: { messages: [{ itemId: 'msg_1' }] } } },
          finishReason: 'stop',
          usage: { inputTokens: 12, outputTokens: 7, totalTokens: 19, cachedInputTokens: 0, reasoningTokens: 3 },
          id: 'resp_s',
          modelId: 'gpt-5-mini-2025-08-07',
        },
      },
    ]);
  });

  it('assembles function-call arguments and reasoning summaries from their deltas when the last event leaves the output out', async () => {
    const whole = responseObject([
      reasoningItem('rs_1', 'Check both cities.', 'gAAAA-e'),
      functionCallItem('call_a', 'get_weather', '{"city":"Paris"}'),
      functionCallItem('call_b', 'get_weather', '{"city":"Rome"}'),
    ]);
    // Only the deltas and the items' first announcement: a server that sends no output_item.done and an empty final output.
    const events = responseEvents(whole, 3).filter((event) => event.type !== 'response.output_item.done');
    const last = events.at(-1)!;
    events[events.length - 1] = { ...last, response: { ...whole, output: [] } } as typeof last;
    server.reply({ events });
    const { events: yielded } = await collect(model.stream(request()));
    const response = yielded.at(-1);
    expect(response).toMatchObject({
      type: 'response',
      response: {
        finishReason: 'tool_calls',
        message: {
          content: [{ type: 'reasoning', text: 'Check both cities.' }],
          toolCalls: [
            { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
            { id: 'call_b', name: 'get_weather', arguments: '{"city":"Rome"}' },
          ],
        },
      },
    });
  });

  it('ends an incomplete stream (response.incomplete) with finish reason length', async () => {
    server.reply(
      streamedReply(
        responseObject([messageItem('Once upon a')], { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }),
      ),
    );
    const { events } = await collect(model.stream(request()));
    expect(events.at(-1)).toMatchObject({ type: 'response', response: { finishReason: 'length', message: { content: 'Once upon a' } } });
  });

  it('yields no refusal as text but ends with it and finish reason refusal', async () => {
    server.reply(streamedReply(responseObject([messageItem('I cannot do that.', { refusal: true })])));
    const { events } = await collect(model.stream(request()));
    expect(events).toEqual([
      {
        type: 'response',
        response: expect.objectContaining({ finishReason: 'refusal', message: { role: 'assistant', content: 'I cannot do that.' } }),
      },
    ]);
  });

  it.each([
    ['server_error', true],
    ['invalid_prompt', false],
  ])('fails on a response.failed event (%s), retryable: %s', async (code, retryable) => {
    server.reply(
      streamedReply(
        responseObject([], { id: 'resp_f', status: 'failed', error: { code: code as 'server_error', message: 'Model crashed.' } }),
      ),
    );
    const { error } = await collect(model.stream(request()));
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      retryable,
      provider: 'openai',
      message: expect.stringContaining(`the response 'resp_f' failed (${code}): Model crashed.`) as string,
    });
  });

  it('fails on an error event, in both shapes the client reads, retryable when its code says so', async () => {
    server.reply(
      {
        events: [
          { type: 'error', code: 'rate_limit_exceeded', message: 'Slow down.', param: null, sequence_number: 0 } as { type: string },
        ],
      },
      {
        events: [
          { type: 'error', error: { type: 'invalid_request_error', code: 'server_error', message: 'Oops.' }, sequence_number: 0 } as {
            type: string;
          },
        ],
      },
      {
        events: [
          { type: 'error', code: 'context_length_exceeded', message: 'Too long.', param: null, sequence_number: 0 } as { type: string },
        ],
      },
    );
    const flat = (await collect(model.stream(request()))).error;
    expect(flat).toMatchObject({ retryable: true, provider: 'openai', message: expect.stringContaining('Slow down.') as string });
    const nested = (await collect(model.stream(request()))).error;
    expect(nested).toMatchObject({ retryable: true, provider: 'openai', message: expect.stringContaining('Oops.') as string });
    expect((await collect(model.stream(request()))).error).toMatchObject({ retryable: false });
  });

  it.each([
    ['ends without response.completed', {}],
    ['drops the connection', { end: 'drop' as const }],
  ])('fails retryably, yielding no response, when the stream %s', async (_what, end) => {
    const events = responseEvents(responseObject([messageItem('Half an answer')])).filter((event) => event.type !== 'response.completed');
    server.reply({ events, ...end });
    const { events: yielded, error } = await collect(model.stream(request()));
    expect(yielded.every((event) => event.type === 'text_delta')).toBe(true);
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      retryable: true,
      message: expect.stringMatching(/^OpenAI response with model 'gpt-5-mini' failed: /) as string,
    });
  });

  it('maps a 429 before the stream starts to a retryable error', async () => {
    server.reply({ status: 429, headers: { 'retry-after-ms': '250' }, body: { error: { message: 'Rate limit', type: 'requests' } } });
    expect((await collect(model.stream(request()))).error).toMatchObject({ retryable: true, status: 429, retryAfterMs: 250 });
  });

  it('closes the HTTP response when the reader stops early', async () => {
    const events = responseEvents(responseObject([messageItem('A long story')])).slice(0, 3);
    server.reply({ events, hold: true });
    for await (const event of model.stream(request())) if (event.type === 'text_delta') break;
    await server.streamsClosed();
    expect(server.openStreams.size).toBe(0);
  });

  it('cancels the HTTP request when the signal aborts mid-stream, and throws the abort', async () => {
    const events = responseEvents(responseObject([messageItem('A long story')])).slice(0, 3);
    server.reply({ events, hold: true });
    const controller = new AbortController();
    const seen: ChatStreamEvent[] = [];
    const error = await (async () => {
      for await (const event of model.stream(request({ signal: controller.signal }))) {
        seen.push(event);
        controller.abort();
      }
    })().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(APIUserAbortError);
    await server.streamsClosed();
    expect(server.openStreams.size).toBe(0);
  });

  it('streams an agent run: the text arrives as deltas and the run ends with it', async () => {
    server.reply(streamedReply(responseObject([messageItem('Streamed answer.')])));
    const stream = new Agent({ model, registry: ToolRegistry.of() }).stream('Hi');
    const deltas: string[] = [];
    for await (const event of stream) if (event.type === 'text_delta') deltas.push(event.delta);
    expect(deltas.join('')).toBe('Streamed answer.');
    expect((await stream.result).text).toBe('Streamed answer.');
  });
});
