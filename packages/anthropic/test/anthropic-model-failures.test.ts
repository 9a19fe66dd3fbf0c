import type { ChatRequest } from '@toolcraft/core';
import { AnthropicChatModel } from '../src/index';
import { FakeAnthropicServer } from './support/fake-anthropic-server';
import { failure } from './support/failure';
import { errorReply, messageReply, textBlock } from './support/message-replies';

const request: ChatRequest = { messages: [{ role: 'user', content: 'hi' }], tools: [] };

describe('AnthropicChatModel failures', () => {
  let server: FakeAnthropicServer;
  let model: AnthropicChatModel;
  beforeEach(async () => {
    server = await FakeAnthropicServer.start();
    model = new AnthropicChatModel({ client: server.client(), model: 'claude-sonnet-4-6', maxTokens: 256 });
  });
  afterEach(() => server.close());

  it('makes a 429 a retryable ModelCallError with the status and the wait retry-after asks for, and the client retries nothing itself', async () => {
    server.reply(errorReply(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit', { 'retry-after': '7' }));
    const error = await failure(model.complete(request));
    expect(error).toMatchObject({ retryable: true, status: 429, retryAfterMs: 7000, provider: 'anthropic' });
    expect(error.message).toContain('rate_limit_error');
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [529, 'overloaded_error', 'Overloaded'],
    [500, 'api_error', 'Internal server error'],
    [503, 'api_error', 'Service unavailable'],
  ])('makes a %i (%s) retryable', async (status, type, text) => {
    server.reply(errorReply(status, type, text));
    expect(await failure(model.complete(request))).toMatchObject({ retryable: true, status, provider: 'anthropic' });
  });

  it.each([
    [400, 'invalid_request_error'],
    [401, 'authentication_error'],
    [403, 'permission_error'],
  ])('makes a %i (%s) not retryable', async (status, type) => {
    server.reply(errorReply(status, type, 'no'));
    expect(await failure(model.complete(request))).toMatchObject({ retryable: false, status });
  });

  it('makes a 429 for a spend limit reached not retryable: waiting will not lift it', async () => {
    server.reply({
      status: 429,
      body: {
        type: 'error',
        error: { type: 'rate_limit_error', message: 'Spend limit reached', details: { error_code: 'enforced_spend_limit_reached' } },
      },
    });
    expect(await failure(model.complete(request))).toMatchObject({ retryable: false, status: 429 });
  });

  it('makes a connection reset before the response retryable', async () => {
    server.reply({ reset: true });
    const error = await failure(model.complete(request));
    expect(error).toMatchObject({ retryable: true, provider: 'anthropic' });
    expect(error.status).toBeUndefined();
  });

  it('makes a connection cut halfway through the body retryable', async () => {
    server.reply({ ...messageReply([textBlock('A long answer that is cut.')]), cut: true });
    expect(await failure(model.complete(request))).toMatchObject({ retryable: true, provider: 'anthropic' });
  });

  it('cancels the HTTP request when the signal aborts, and rethrows the abort unchanged', async () => {
    server.reply({ hang: true });
    const controller = new AbortController();
    const pending = model.complete({ ...request, signal: controller.signal });
    await server.received(1);
    controller.abort();
    const error = await pending.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toMatchObject({ name: 'APIUserAbortError' });
    await server.requests[0].closed;
  });

  it('rejects a maxTokens that is not a whole number of at least 1', () => {
    expect(() => new AnthropicChatModel({ client: server.client(), model: 'm', maxTokens: 0 })).toThrow(
      "AnthropicChatModel option 'maxTokens' must be a whole number of at least 1, but was 0.",
    );
  });
});
