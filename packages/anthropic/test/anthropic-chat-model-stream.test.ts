import type { ChatStreamEvent, ChatRequest } from '@toolcraft/core';
import { AnthropicChatModel } from '../src/index';
import { FakeAnthropicServer, type ServerSentEvent } from './support/fake-anthropic-server';
import { failure } from './support/failure';
import {
  errorEvent,
  message,
  pingEvent,
  streamEvents,
  streamReply,
  textBlock,
  thinkingBlock,
  toolUseBlock,
  usage,
} from './support/message-replies';

const request: ChatRequest = {
  messages: [{ role: 'user', content: 'Weather in Oslo and Rome?' }],
  tools: [{ name: 'weather', description: 'Weather.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }],
};

async function collect(stream: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
  const events: ChatStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** The events of a message with a ping after its start, as the API sends them. */
function withPing(events: ServerSentEvent[]): ServerSentEvent[] {
  return [events[0], pingEvent, ...events.slice(1)];
}

describe('AnthropicChatModel.stream', () => {
  let server: FakeAnthropicServer;
  let model: AnthropicChatModel;
  beforeEach(async () => {
    server = await FakeAnthropicServer.start();
    model = new AnthropicChatModel({ client: server.client(), model: 'claude-sonnet-4-6', maxTokens: 512, cache: 'off' });
  });
  afterEach(() => server.close());

  it('asks for a stream, yields the text as it arrives (pings skipped), and ends with the assembled response', async () => {
    const whole = message([textBlock('Hello there!')], 'end_turn', { usage: usage({ input_tokens: 20, output_tokens: 6 }) });
    server.reply({ sse: withPing(streamEvents(whole, 5) as unknown as ServerSentEvent[]) });
    const events = await collect(model.stream(request));
    expect(server.bodies[0]).toMatchObject({ model: 'claude-sonnet-4-6', stream: true, max_tokens: 512 });
    expect(events).toEqual([
      { type: 'text_delta', delta: 'Hello' },
      { type: 'text_delta', delta: ' ther' },
      { type: 'text_delta', delta: 'e!' },
      {
        type: 'response',
        response: {
          message: { role: 'assistant', content: 'Hello there!' },
          usage: { inputTokens: 20, outputTokens: 6, totalTokens: 26 },
          finishReason: 'stop',
          id: 'msg_test',
          modelId: 'claude-sonnet-4-6',
        },
      },
    ]);
  });

  it('assembles parallel tool calls from input_json_delta pieces, and thinking with its signature_delta', async () => {
    const whole = message(
      [
        thinkingBlock('Two cities, two calls.', 'sig-abc'),
        toolUseBlock('toolu_a', 'weather', { city: 'Oslo' }),
        toolUseBlock('toolu_b', 'weather', { city: 'Rome' }),
      ],
      'tool_use',
    );
    server.reply(streamReply(whole, 3));
    const events = await collect(model.stream(request));
    expect(events.filter((event) => event.type === 'text_delta')).toEqual([]);
    expect(events.at(-1)).toEqual({
      type: 'response',
      response: expect.objectContaining({
        finishReason: 'tool_calls',
        message: {
          role: 'assistant',
          content: [{ type: 'reasoning', text: 'Two cities, two calls.', providerMetadata: { anthropic: { signature: 'sig-abc' } } }],
          toolCalls: [
            { id: 'toolu_a', name: 'weather', arguments: '{"city":"Oslo"}' },
            { id: 'toolu_b', name: 'weather', arguments: '{"city":"Rome"}' },
          ],
        },
      }),
    });
  });

  it('keeps the arguments of a call cut off at max_tokens as the model wrote them', async () => {
    const events = streamEvents(message([toolUseBlock('toolu_a', 'weather', { city: 'Oslo' })], 'max_tokens'), 4);
    // Drop the last input piece: the JSON is cut.
    const cut = events.filter((event, index) => !(event.type === 'content_block_delta' && index === 5));
    server.reply({ sse: cut as unknown as ServerSentEvent[] });
    const response = (await collect(model.stream(request))).at(-1);
    expect(response).toMatchObject({ response: { finishReason: 'length', message: { toolCalls: [{ arguments: '{"city":"Osl' }] } } });
  });

  it('fails retryably when an error event arrives mid-stream (overloaded_error)', async () => {
    const events = streamEvents(message([textBlock('Hello there!')]), 5) as unknown as ServerSentEvent[];
    server.reply({ sse: [...events.slice(0, 3), errorEvent('overloaded_error', 'Overloaded')] });
    const seen: ChatStreamEvent[] = [];
    const error = await failure(
      (async () => {
        for await (const event of model.stream(request)) seen.push(event);
      })(),
    );
    expect(seen).toEqual([{ type: 'text_delta', delta: 'Hello' }]);
    expect(error).toMatchObject({ retryable: true, provider: 'anthropic' });
    expect(error.message).toContain('overloaded_error');
  });

  it('fails without retrying on an error event of a kind that will not pass (invalid_request_error)', async () => {
    server.reply({ sse: [errorEvent('invalid_request_error', 'bad')] });
    expect(await failure(collect(model.stream(request)))).toMatchObject({ retryable: false });
  });

  it('fails retryably when the stream ends before message_stop, cleanly or with the connection dropped', async () => {
    const events = streamEvents(message([textBlock('Hello there!')]), 5) as unknown as ServerSentEvent[];
    server.reply({ sse: events.slice(0, -2) }, { sse: events.slice(0, 4), end: 'drop' });
    const quiet = await failure(collect(model.stream(request)));
    expect(quiet).toMatchObject({ retryable: true, provider: 'anthropic' });
    expect(quiet.message).toContain("ended before 'message_stop'");
    expect(await failure(collect(model.stream(request)))).toMatchObject({ retryable: true });
  });

  it('cancels the HTTP request when the signal aborts mid-stream, and rethrows the abort', async () => {
    const events = streamEvents(message([textBlock('Hello there!')]), 5) as unknown as ServerSentEvent[];
    server.reply({ sse: events.slice(0, 3), end: 'hold' });
    const controller = new AbortController();
    const iterator = model.stream({ ...request, signal: controller.signal })[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: false, value: { type: 'text_delta', delta: 'Hello' } });
    const next = iterator.next();
    controller.abort();
    await expect(next).rejects.toThrow(/abort/i);
    await server.requests[0].closed;
  });

  it('cancels the HTTP request when the reader leaves the stream early', async () => {
    const events = streamEvents(message([textBlock('Hello there!')]), 5) as unknown as ServerSentEvent[];
    server.reply({ sse: events.slice(0, 3), end: 'hold' });
    for await (const event of model.stream(request)) {
      expect(event).toEqual({ type: 'text_delta', delta: 'Hello' });
      break;
    }
    await server.requests[0].closed;
  });

  it('cancels a request still waiting for its answer when the signal aborts', async () => {
    server.reply({ hang: true });
    const controller = new AbortController();
    const pending = collect(model.stream({ ...request, signal: controller.signal }));
    await server.received(1);
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    await server.requests[0].closed;
  });

  it('streams a paused turn on through its continuation', async () => {
    server.reply(
      streamReply(message([textBlock('Searching. ')], 'pause_turn')),
      streamReply(message([textBlock('Sunny.')], 'end_turn', { id: 'msg_2' })),
    );
    const events = await collect(model.stream(request));
    expect(
      events
        .filter((event) => event.type === 'text_delta')
        .map((event) => (event as { delta: string }).delta)
        .join(''),
    ).toBe('Searching. Sunny.');
    expect(events.at(-1)).toMatchObject({ response: { message: { content: 'Searching. Sunny.' }, id: 'msg_2', finishReason: 'stop' } });
    expect(server.bodies[1].messages.at(-1)).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Searching. ', citations: null }],
    });
  });
});
