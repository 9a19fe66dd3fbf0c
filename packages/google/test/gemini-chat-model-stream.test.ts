import { ModelCallError, type ChatRequest, type ChatStreamEvent } from '@toolcraft/core';
import { GeminiChatModel } from '../src';
import { FakeGeminiServer } from './support/fake-gemini-server';
import { errorBody, streamChunks } from './support/gemini-replies';

describe('GeminiChatModel.stream', () => {
  let server: FakeGeminiServer;
  let model: GeminiChatModel;
  const request: ChatRequest = { messages: [{ role: 'user', content: 'Hi' }], tools: [] };

  beforeEach(async () => {
    server = await FakeGeminiServer.start();
    model = new GeminiChatModel({ model: 'gemini-2.5-flash', client: server.client() });
  });
  afterEach(() => server.close());

  async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<ChatStreamEvent[]> {
    const seen: ChatStreamEvent[] = [];
    for await (const event of events) seen.push(event);
    return seen;
  }

  async function failure(events: AsyncIterable<ChatStreamEvent>): Promise<ModelCallError> {
    const error = await collect(events).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!ModelCallError.isInstance(error)) throw new Error(`expected a ModelCallError, got ${String(error)}`);
    return error;
  }

  it('yields the text as it arrives over server-sent events, then the whole answer', async () => {
    server.reply({ sse: streamChunks(['Hel', 'lo', '!']) });
    const events = await collect(model.stream(request));

    expect(server.requests[0].path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(events).toEqual([
      { type: 'text_delta', delta: 'Hel' },
      { type: 'text_delta', delta: 'lo' },
      { type: 'text_delta', delta: '!' },
      {
        type: 'response',
        response: {
          message: { role: 'assistant', content: 'Hello!' },
          finishReason: 'stop',
          usage: { inputTokens: 12, outputTokens: 5, totalTokens: 17 },
          id: 'resp-1',
          modelId: 'gemini-2.5-flash',
        },
      },
    ]);
  });

  it('keeps thoughts out of the deltas, and puts a signature sent on a last empty part on the text it ends', async () => {
    server.reply({
      sse: [
        { candidates: [{ content: { role: 'model', parts: [{ text: 'Thinking...', thought: true }] }, index: 0 }] },
        ...streamChunks(['Four.'], [{ text: '', thoughtSignature: 'sig-end' }]),
      ],
    });
    const events = await collect(model.stream(request));

    expect(events.filter((event) => event.type === 'text_delta')).toEqual([{ type: 'text_delta', delta: 'Four.' }]);
    expect(events.at(-1)).toMatchObject({
      type: 'response',
      response: {
        message: {
          content: [
            { type: 'reasoning', text: 'Thinking...' },
            { type: 'text', text: 'Four.' },
          ],
          providerMetadata: { google: { textSignatures: ['sig-end'] } },
        },
      },
    });
  });

  it('keeps a signature sent on a part with nothing else', async () => {
    server.reply({ sse: streamChunks(['Done.'], [{ thoughtSignature: 'sig-alone' }]) });
    const events = await collect(model.stream(request));
    expect(events.at(-1)).toMatchObject({
      response: {
        message: { content: [{ type: 'text', text: 'Done.' }], providerMetadata: { google: { textSignatures: ['sig-alone'] } } },
      },
    });
  });

  it('assembles function calls streamed in their own chunks', async () => {
    server.reply({ sse: streamChunks([], [{ functionCall: { name: 'add', args: { a: 1, b: 2 } }, thoughtSignature: 'sig' }]) });
    const [event] = await collect(model.stream(request));

    expect(event).toMatchObject({
      type: 'response',
      response: {
        finishReason: 'tool_calls',
        message: {
          content: null,
          toolCalls: [{ name: 'add', arguments: '{"a":1,"b":2}', providerMetadata: { google: { thoughtSignature: 'sig' } } }],
        },
      },
    });
  });

  it('fails a stream that ends before a chunk gave a finish reason, retryably', async () => {
    server.reply({ sse: streamChunks(['Hel', 'lo']).slice(0, -1) });
    const error = await failure(model.stream(request));
    expect(error).toMatchObject({ retryable: true, provider: 'google' });
    expect(error.message).toMatch(/the stream ended before the answer did/);
  });

  it.each(['drop', 'midway'] as const)('fails a stream whose connection is cut (%s) retryably', async (end) => {
    server.reply({ sse: streamChunks(['Hel']).slice(0, -1), end });
    const error = await failure(model.stream(request));
    expect(error).toMatchObject({ retryable: true, provider: 'google' });
  });

  it('closes the connection when the reader stops early', async () => {
    server.reply({ sse: streamChunks(['Hel', 'lo']).slice(0, -1), hold: true });
    for await (const event of model.stream(request)) {
      expect(event).toEqual({ type: 'text_delta', delta: 'Hel' });
      break;
    }
    await server.requests[0].closed;
  });

  it("cancels the HTTP request when the request's signal aborts mid-stream, rejecting with the signal's reason", async () => {
    server.reply({ sse: streamChunks(['Hel']).slice(0, -1), hold: true });
    const controller = new AbortController();
    const seen: ChatStreamEvent[] = [];
    const error = await (async () => {
      for await (const event of model.stream({ ...request, signal: controller.signal })) {
        seen.push(event);
        controller.abort();
      }
    })().catch((thrown: unknown) => thrown);

    expect(seen).toEqual([{ type: 'text_delta', delta: 'Hel' }]);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(ModelCallError.isInstance(error)).toBe(false);
    await server.requests[0].closed;
  });

  it('fails a blocked prompt in a stream clearly', async () => {
    server.reply({
      sse: [{ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 3, totalTokenCount: 3 } }],
    });
    const error = await failure(model.stream(request));
    expect(error).toMatchObject({ retryable: false });
    expect(error.message).toMatch(/blocked the prompt \(promptFeedback.blockReason PROHIBITED_CONTENT\)/);
  });

  it('maps an error status before the stream and an error event inside it', async () => {
    server.reply(
      { status: 503, body: errorBody(503, 'UNAVAILABLE', 'The model is overloaded.') },
      { sse: [...streamChunks(['Hel']).slice(0, -1), errorBody(500, 'INTERNAL', 'An internal error has occurred.')], hold: true },
    );
    expect(await failure(model.stream(request))).toMatchObject({
      status: 503,
      retryable: true,
      message: expect.stringMatching(/UNAVAILABLE: The model is overloaded/),
    });
    expect(await failure(model.stream(request))).toMatchObject({
      status: 500,
      retryable: true,
      message: expect.stringMatching(/INTERNAL: An internal error/),
    });
    await server.requests[1].closed;
  });
});
