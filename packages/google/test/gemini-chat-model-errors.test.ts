import { ModelCallError, type ChatRequest } from '@toolcraft/core';
import { GeminiChatModel } from '../src';
import { FakeGeminiServer } from './support/fake-gemini-server';
import { errorBody, textReply } from './support/gemini-replies';

describe('GeminiChatModel failures', () => {
  let server: FakeGeminiServer;
  let model: GeminiChatModel;
  const request: ChatRequest = { messages: [{ role: 'user', content: 'Hi' }], tools: [] };

  beforeEach(async () => {
    server = await FakeGeminiServer.start();
    model = new GeminiChatModel({ model: 'gemini-2.5-flash', client: server.client() });
  });
  afterEach(() => server.close());

  async function failure(): Promise<ModelCallError> {
    const error = await model.complete(request).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (!ModelCallError.isInstance(error)) throw new Error(`expected a ModelCallError, got ${String(error)}`);
    return error;
  }

  it("makes a 429 retryable after the wait the error's RetryInfo asks for", async () => {
    server.reply({
      status: 429,
      body: errorBody(429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota.', [
        { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaMetric: 'generate_content_free_tier_requests' }] },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '13.5s' },
      ]),
    });
    const error = await failure();
    expect(error).toMatchObject({ retryable: true, status: 429, retryAfterMs: 13_500, provider: 'google' });
    expect(error.message).toBe(
      "Gemini request with model 'gemini-2.5-flash' failed with status 429 RESOURCE_EXHAUSTED: You exceeded your current quota.",
    );
  });

  it('makes a 500 retryable and a 400 not', async () => {
    server.reply(
      { status: 500, body: errorBody(500, 'INTERNAL', 'An internal error has occurred.') },
      { status: 400, body: errorBody(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.') },
    );
    expect(await failure()).toMatchObject({ retryable: true, status: 500 });
    const invalid = await failure();
    expect(invalid).toMatchObject({ retryable: false, status: 400 });
    expect(invalid.message).toMatch(/INVALID_ARGUMENT: Invalid JSON payload received/);
  });

  it('makes a connection cut during the body retryable', async () => {
    server.reply({ body: textReply('A long answer that is cut halfway.'), cut: true });
    expect(await failure()).toMatchObject({ retryable: true, provider: 'google' });
  });

  it('makes a connection refused before any body retryable', async () => {
    const offline = new GeminiChatModel({ model: 'gemini-2.5-flash', client: server.client() });
    await server.close();
    server = await FakeGeminiServer.start();
    const error = await offline.complete(request).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ name: 'ModelCallError', retryable: true });
  });

  it("cancels the HTTP request when the request's signal aborts, rejecting with the signal's reason", async () => {
    server.reply({ hang: true });
    const controller = new AbortController();
    const pending = model.complete({ ...request, signal: controller.signal });
    await server.received(1);
    controller.abort();

    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await server.requests[0].closed;
  });

  it('makes a request that outlasts timeoutMs a retryable failure', async () => {
    server.reply({ hang: true });
    const timed = new GeminiChatModel({ model: 'gemini-2.5-flash', client: server.client(), timeoutMs: 50 });
    const error = await timed.complete(request).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ name: 'ModelCallError', retryable: true, message: expect.stringMatching(/no answer within 50 ms/) });
  });
});
