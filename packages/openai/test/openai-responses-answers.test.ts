import { ModelCallError, type ChatRequest, type ToolDefinition } from '@toolcraft/core';
import { APIUserAbortError } from 'openai';
import { OpenAIResponsesModel } from '../src/index';
import { errorReply } from './support/chat-completion-replies';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { functionCallItem, messageItem, reasoningItem, responseObject, responseReply, usageOf } from './support/responses-replies';

const weatherTool: ToolDefinition = {
  name: 'get_weather',
  description: 'Current weather of a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

const request = (overrides: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [{ role: 'user', content: 'Weather in Paris and Rome?' }],
  tools: [weatherTool],
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<ModelCallError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!ModelCallError.isInstance(error)) throw new Error(`expected a ModelCallError, got ${String(error)}`);
  return error;
}

describe('OpenAIResponsesModel: what it reads back', () => {
  let server: FakeOpenAIServer;
  let model: OpenAIResponsesModel;

  beforeEach(async () => {
    server = await FakeOpenAIServer.start();
    model = new OpenAIResponsesModel({ client: server.client(), model: 'gpt-5-mini' });
  });
  afterEach(() => server.close());

  it('returns the text, the usage with cached and reasoning tokens, the id and the model', async () => {
    server.reply(
      responseReply([messageItem('Sunny.', { id: 'msg_9' })], { id: 'resp_7', usage: usageOf(120, 30, { cached: 100, reasoning: 12 }) }),
    );
    expect(await model.complete(request())).toEqual({
      message: { role: 'assistant', content: 'Sunny.', providerMetadata: { openai: { messages: [{ itemId: 'msg_9' }] } } },
      finishReason: 'stop',
      usage: { inputTokens: 120, outputTokens: 30, totalTokens: 150, cachedInputTokens: 100, reasoningTokens: 12 },
      id: 'resp_7',
      modelId: 'gpt-5-mini-2025-08-07',
    });
  });

  it('returns parallel function calls with their call ids, and the reasoning before them with what the next turn needs', async () => {
    server.reply(
      responseReply([
        reasoningItem('rs_1', 'Two cities: call twice.', 'gAAAA-encrypted'),
        functionCallItem('call_a', 'get_weather', '{"city":"Paris"}'),
        functionCallItem('call_b', 'get_weather', '{"city":"Rome"}'),
      ]),
    );
    const response = await model.complete(request());
    expect(response.finishReason).toBe('tool_calls');
    expect(response.message).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'reasoning',
          text: 'Two cities: call twice.',
          providerMetadata: { openai: { itemId: 'rs_1', encryptedContent: 'gAAAA-encrypted' } },
        },
      ],
      toolCalls: [
        { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}', providerMetadata: { openai: { itemId: 'fc_call_a' } } },
        { id: 'call_b', name: 'get_weather', arguments: '{"city":"Rome"}', providerMetadata: { openai: { itemId: 'fc_call_b' } } },
      ],
    });
  });

  it('sends the call, its output and the reasoning item back on the answer turn (store: false)', async () => {
    server.reply(
      responseReply([
        reasoningItem('rs_1', 'Look it up.', 'gAAAA-encrypted'),
        functionCallItem('call_a', 'get_weather', '{"city":"Paris"}'),
      ]),
      responseReply([messageItem('Paris: 18°C.', { phase: 'final_answer' })]),
    );
    const first = await model.complete(request());
    const messages = [
      ...request().messages,
      first.message,
      { role: 'tool' as const, toolCallId: 'call_a', name: 'get_weather', content: '18°C' },
    ];
    const answer = await model.complete(request({ messages }));
    expect(answer.message.content).toBe('Paris: 18°C.');
    expect(answer.message.providerMetadata).toEqual({ openai: { messages: [{ itemId: 'msg_1', phase: 'final_answer' }] } });
    expect(server.responsesBodies[1]!.input).toEqual([
      { type: 'message', role: 'user', content: 'Weather in Paris and Rome?' },
      { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Look it up.' }], encrypted_content: 'gAAAA-encrypted' },
      { type: 'function_call', call_id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call_output', call_id: 'call_a', output: '18°C' },
    ]);
    // What went back survives JSON (a session, a saved state).
    expect(JSON.parse(JSON.stringify(first.message))).toEqual(first.message);
  });

  it.each([
    ['max_output_tokens', 'length'],
    ['content_filter', 'content_filter'],
  ] as const)('finishes an incomplete response (%s) with %s, keeping its text and leaving out a cut call', async (reason, finish) => {
    const cut = { ...functionCallItem('call_x', 'get_weather', '{"ci'), status: 'incomplete' as const };
    server.reply(responseReply([messageItem('It is sun'), cut], { status: 'incomplete', incomplete_details: { reason } }));
    const response = await model.complete(request());
    expect(response).toMatchObject({ finishReason: finish, message: { content: 'It is sun' } });
    expect(response.message.toolCalls).toBeUndefined();
  });

  it('finishes with length and no text when every output token went to reasoning', async () => {
    server.reply(responseReply([reasoningItem('rs_1', '')], { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }));
    const response = await model.complete(request());
    expect(response.finishReason).toBe('length');
    expect(response.message.content).toEqual([{ type: 'reasoning', text: '', providerMetadata: { openai: { itemId: 'rs_1' } } }]);
  });

  it('returns a refusal as the text with finish reason refusal', async () => {
    server.reply(responseReply([messageItem("I can't help with that.", { refusal: true })]));
    expect(await model.complete(request())).toMatchObject({
      finishReason: 'refusal',
      message: { role: 'assistant', content: "I can't help with that." },
    });
  });

  it.each([
    ['server_error', true],
    ['rate_limit_exceeded', true],
    ['invalid_prompt', false],
  ])('turns a failed response (%s) into a ModelCallError, retryable: %s', async (code, retryable) => {
    server.reply(responseReply([], { id: 'resp_bad', status: 'failed', error: { code: code as 'server_error', message: 'It broke.' } }));
    const error = await failure(model.complete(request()));
    expect(error).toMatchObject({ retryable, provider: 'openai', status: undefined });
    expect(error.message).toBe(`OpenAI response with model 'gpt-5-mini' failed: the response 'resp_bad' failed (${code}): It broke.`);
  });

  it('says so when a completed response holds nothing to answer with, instead of returning an empty answer', async () => {
    server.reply(responseReply([reasoningItem('rs_1', 'hmm')]));
    const error = await failure(model.complete(request()));
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('holds no message and no function call (output: reasoning)');
  });

  it('says so when the answer is not a response, or a background one', async () => {
    server.reply({ body: 'Internal error' }, { body: [] }, responseReply([], { status: 'queued' }));
    expect((await failure(model.complete(request()))).message).toContain('JSON that is not a response object');
    expect((await failure(model.complete(request()))).message).toContain('instead of a response object');
    expect((await failure(model.complete(request()))).message).toContain("status 'queued'");
  });

  it('maps a 429 with retry-after to a retryable error with the wait, and a 400 to one that is not', async () => {
    server.reply(errorReply(429, { 'retry-after': '3' }, 'Rate limit reached'), errorReply(400, {}, 'Unsupported parameter'));
    expect(await failure(model.complete(request()))).toMatchObject({
      retryable: true,
      status: 429,
      retryAfterMs: 3000,
      provider: 'openai',
    });
    const refused = await failure(model.complete(request()));
    expect(refused).toMatchObject({ retryable: false, status: 400 });
    expect(refused.message).toMatch(/^OpenAI response with model 'gpt-5-mini' failed with status 400: /);
  });

  it.each([500, 503])('maps status %i to a retryable error', async (status) => {
    server.reply(errorReply(status));
    expect(await failure(model.complete(request()))).toMatchObject({ retryable: true, status });
  });

  it('maps a connection reset before the answer, and one in the middle of its body, to retryable errors', async () => {
    const unreachable = new OpenAIResponsesModel({ client: server.client({ baseURL: 'http://127.0.0.1:1/v1' }), model: 'gpt-5-mini' });
    expect(await failure(unreachable.complete(request()))).toMatchObject({ retryable: true, status: undefined });
    server.reply({ ...responseReply([messageItem('A long answer about the weather in Paris and Rome.')]), cut: true });
    expect(await failure(model.complete(request()))).toMatchObject({ retryable: true, status: undefined });
  });

  it('cancels the HTTP request on abort (the server sees the connection close) and rethrows the abort', async () => {
    server.reply({ hang: true });
    const controller = new AbortController();
    const pending = model.complete(request({ signal: controller.signal }));
    await server.received();
    expect(server.openStreams.size).toBe(1);
    controller.abort();
    const error = await pending.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    await server.streamsClosed();
    expect(server.openStreams.size).toBe(0);
  });

  it('builds its own client from the environment when given none', () => {
    const saved = { ...process.env };
    try {
      process.env['OPENAI_API_KEY'] = 'env-key';
      process.env['OPENAI_BASE_URL'] = server.baseURL;
      const fromOptions = new OpenAIResponsesModel({ model: 'gpt-5' });
      expect([fromOptions.client.apiKey, fromOptions.client.maxRetries]).toEqual(['env-key', 0]);
      process.env['OPENAI_MODEL'] = 'gpt-5-nano';
      expect(OpenAIResponsesModel.fromEnv().modelId).toBe('gpt-5-nano');
      delete process.env['OPENAI_MODEL'];
      expect(OpenAIResponsesModel.fromEnv({ store: true }).modelId).toBe('gpt-5-mini');
    } finally {
      process.env = saved;
    }
  });

  it('reads a response object whatever its usage details hold', async () => {
    const usage = { ...usageOf(5, 2), input_tokens_details: null, output_tokens_details: undefined } as unknown as ReturnType<
      typeof usageOf
    >;
    server.reply({ body: responseObject([messageItem('ok')], { usage }) });
    expect((await model.complete(request())).usage).toEqual({ inputTokens: 5, outputTokens: 2, totalTokens: 7 });
  });
});
