import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { APICallError } from '@ai-sdk/provider';
import { type ChatResponse, type ChatStreamEvent, ModelCallError } from '@toolcraft/core';
import { MockLanguageModelV3 } from 'ai/test';
import { AISDKChatModel } from '../src/index';
import { finish, streamingModel, textStream, usage } from './support/model-results';

async function collect(events: AsyncIterable<ChatStreamEvent>): Promise<{ deltas: string[]; response: ChatResponse }> {
  const deltas: string[] = [];
  let response: ChatResponse | undefined;
  for await (const event of events) {
    if (event.type === 'text_delta') deltas.push(event.delta);
    else response = event.response;
  }
  return { deltas, response: response! };
}

const hi = { messages: [{ role: 'user' as const, content: 'Hi' }], tools: [] };

/** A model whose stream is this `ReadableStream`, made per call with the call's abort signal. */
function modelOf(stream: (signal: AbortSignal | undefined) => ReadableStream<LanguageModelV3StreamPart>): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: 'mock.chat',
    modelId: 'mock-model',
    doStream: (options) => Promise.resolve({ stream: stream(options.abortSignal) }),
  });
}

describe('AISDKChatModel.stream', () => {
  it('yields the text as it arrives, then the whole answer with usage, finish reason, id and model', async () => {
    const languageModel = streamingModel(textStream(['Hel', 'lo', '!']));
    const { deltas, response } = await collect(new AISDKChatModel(languageModel).stream(hi));
    expect(deltas).toEqual(['Hel', 'lo', '!']);
    expect(response).toEqual({
      message: { role: 'assistant', content: 'Hello!' },
      usage: { inputTokens: 12, outputTokens: 6, totalTokens: 18 },
      finishReason: 'stop',
      id: 'resp-s',
      modelId: 'mock-model-2026',
    });
    expect(languageModel.doStreamCalls).toHaveLength(1);
  });

  it("assembles reasoning with the latest provider metadata (a delta's or the end's), text, and whole tool calls", async () => {
    const languageModel = streamingModel([
      { type: 'reasoning-start', id: 'r1', providerMetadata: { anthropic: { signature: '' } } },
      { type: 'reasoning-delta', id: 'r1', delta: 'Need ' },
      { type: 'reasoning-delta', id: 'r1', delta: 'weather.' },
      { type: 'reasoning-delta', id: 'r1', delta: '', providerMetadata: { anthropic: { signature: 'sig-9' } } },
      { type: 'reasoning-end', id: 'r1' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Checking.' },
      { type: 'text-end', id: 't1', providerMetadata: { google: { thoughtSignature: 'ts' } } },
      { type: 'tool-input-start', id: 'call-1', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'call-1', delta: '{"city":' },
      { type: 'tool-input-delta', id: 'call-1', delta: '"Paris"}' },
      { type: 'tool-input-end', id: 'call-1' },
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'weather', input: '{"city":"Paris"}' },
      { type: 'finish', finishReason: finish('tool-calls'), usage: usage(30, 9, { reasoning: 4 }) },
    ]);
    const { deltas, response } = await collect(new AISDKChatModel(languageModel).stream(hi));
    expect(deltas).toEqual(['Checking.']);
    expect(response.message).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Need weather.', providerMetadata: { anthropic: { signature: 'sig-9' } } },
        { type: 'text', text: 'Checking.' },
      ],
      toolCalls: [{ id: 'call-1', name: 'weather', arguments: '{"city":"Paris"}' }],
      providerMetadata: { aiSdk: { textMetadata: [{ google: { thoughtSignature: 'ts' } }] } },
    });
    expect(response.usage).toEqual({ inputTokens: 30, outputTokens: 9, totalTokens: 39, reasoningTokens: 4 });
    expect(response.finishReason).toBe('tool_calls');
  });

  it('cancels the stream when the caller stops reading early', async () => {
    let cancelled = false;
    const languageModel = modelOf(
      () =>
        new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'first' });
          },
          cancel() {
            cancelled = true;
          },
        }),
    );
    for await (const event of new AISDKChatModel(languageModel).stream(hi)) {
      expect(event).toEqual({ type: 'text_delta', delta: 'first' });
      break;
    }
    expect(cancelled).toBe(true);
  });

  it("fails with the error of an 'error' part, retryable as its APICallError says", async () => {
    const overloaded = new APICallError({
      message: 'Overloaded',
      url: 'https://api.example.com/v1',
      requestBodyValues: {},
      statusCode: 529,
      isRetryable: true,
    });
    const languageModel = streamingModel([
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Hal' },
      { type: 'error', error: overloaded },
    ]);
    const failure = collect(new AISDKChatModel(languageModel).stream(hi));
    await expect(failure).rejects.toBeInstanceOf(ModelCallError);
    await expect(failure).rejects.toMatchObject({ retryable: true, status: 529, provider: 'mock', cause: overloaded });
  });

  it("fails with a retryable ModelCallError when the stream ends without a 'finish' part", async () => {
    const languageModel = streamingModel([
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Hal' },
    ]);
    await expect(collect(new AISDKChatModel(languageModel).stream(hi))).rejects.toMatchObject({
      name: 'ModelCallError',
      retryable: true,
      message: expect.stringContaining("without a 'finish' part") as unknown,
    });
  });

  it("passes the request's signal to doStream and rethrows the abort as it is", async () => {
    const languageModel = modelOf(
      (signal) =>
        new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Hal' });
            signal?.addEventListener('abort', () => controller.error(signal.reason));
          },
        }),
    );
    const controller = new AbortController();
    const reason = new DOMException('stopped by the user', 'AbortError');
    const events: ChatStreamEvent[] = [];
    const reading = (async () => {
      for await (const event of new AISDKChatModel(languageModel).stream({ ...hi, signal: controller.signal })) {
        events.push(event);
        controller.abort(reason);
      }
    })();
    await expect(reading).rejects.toBe(reason);
    expect(events).toEqual([{ type: 'text_delta', delta: 'Hal' }]);
    expect(languageModel.doStreamCalls[0].abortSignal).toBe(controller.signal);
  });

  it('cancels a provider stream that ignores its signal as soon as the request aborts, and rethrows the abort', async () => {
    const cancelled: unknown[] = [];
    const languageModel = modelOf(
      () =>
        new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            controller.enqueue({ type: 'text-start', id: 't' });
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Hal' });
          },
          cancel(reason) {
            cancelled.push(reason);
          },
        }),
    );
    const controller = new AbortController();
    const reason = new Error('the user left');
    const iterator = new AISDKChatModel(languageModel).stream({ ...hi, signal: controller.signal });
    await expect(iterator.next()).resolves.toEqual({ done: false, value: { type: 'text_delta', delta: 'Hal' } });
    const waiting = iterator.next();
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(cancelled).toEqual([reason]);
  });

  it('cancels the provider stream when the reader leaves while a part is awaited (return() during next())', async () => {
    let cancelled = 0;
    const languageModel = modelOf(
      () =>
        new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Hal' });
          },
          cancel() {
            cancelled++;
          },
        }),
    );
    const iterator = new AISDKChatModel(languageModel).stream(hi);
    await iterator.next();
    const waiting = iterator.next();
    await expect(iterator.return()).resolves.toEqual({ done: true, value: undefined });
    await expect(waiting).resolves.toEqual({ done: true, value: undefined });
    expect(cancelled).toBe(1);
  });

  it('cancels the stream of a provider that answers doStream after the reader left', async () => {
    let cancelled = 0;
    let answer!: () => void;
    const languageModel = new MockLanguageModelV3({
      doStream: () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              stream: new ReadableStream<LanguageModelV3StreamPart>({
                cancel() {
                  cancelled++;
                },
              }),
            });
        }),
    });
    const controller = new AbortController();
    const reason = new Error('stopped');
    const waiting = new AISDKChatModel(languageModel).stream({ ...hi, signal: controller.signal }).next();
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    answer();
    await new Promise((resolve) => setImmediate(resolve));
    expect(cancelled).toBe(1);
  });

  it("keeps the complete answer once the 'finish' part came: a late error of the stream is not read", async () => {
    const languageModel = modelOf(
      () =>
        new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            controller.enqueue({ type: 'text-delta', id: 't', delta: 'Done.' });
            controller.enqueue({ type: 'finish', finishReason: finish('stop'), usage: usage(1, 1) });
          },
          // Once the finish part is taken, the connection breaks.
          pull(controller) {
            controller.enqueue({ type: 'error', error: new Error('connection reset') });
            controller.error(new Error('connection reset'));
          },
        }),
    );
    const { deltas, response } = await collect(new AISDKChatModel(languageModel).stream(hi));
    expect(deltas).toEqual(['Done.']);
    expect(response.message).toEqual({ role: 'assistant', content: 'Done.' });
    expect(response.finishReason).toBe('stop');
  });
});
