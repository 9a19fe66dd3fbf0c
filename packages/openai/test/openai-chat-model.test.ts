import { ModelCallError } from '@toolcraft/core';
import type { ChatRequest, ToolDefinition } from '@toolcraft/core';
import { APIUserAbortError } from 'openai';
import { OpenAIChatModel } from '../src/index';
import { completionReply, errorReply, textReply, toolCallsReply } from './support/chat-completion-replies';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { functionTool } from './support/request-inspection';

const weatherTool: ToolDefinition = {
  name: 'get_weather',
  description: 'Current weather of a city.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
    required: ['city'],
  },
};

function request(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return { messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [weatherTool], ...overrides };
}

async function failure(promise: Promise<unknown>): Promise<ModelCallError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!ModelCallError.isInstance(error)) throw new Error(`expected a ModelCallError, got ${String(error)}`);
  return error;
}

describe('OpenAIChatModel', () => {
  let server: FakeOpenAIServer;
  let model: OpenAIChatModel;

  beforeEach(async () => {
    server = await FakeOpenAIServer.start();
    model = new OpenAIChatModel({ client: server.client(), model: 'gpt-4o-mini' });
  });
  afterEach(() => server.close());

  it('sends the model, the messages, the tools and the tool choice as Chat Completions parameters', async () => {
    server.reply(textReply('Sunny.'));
    await model.complete(
      request({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather in Paris?' },
          { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
          { role: 'tool', toolCallId: 'call_1', name: 'get_weather', content: '18°C' },
        ],
        toolChoice: { name: 'get_weather' },
      }),
    );
    const [body] = server.chatBodies;
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
    ]);
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: { name: 'get_weather', description: 'Current weather of a city.', parameters: weatherTool.inputSchema },
      },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(body).not.toHaveProperty('parallel_tool_calls');
    expect(server.requests[0].headers.authorization).toBe('Bearer test-key');
  });

  it.each(['auto', 'none', 'required'] as const)('sends the tool choice %s as it is', async (toolChoice) => {
    server.reply(textReply('ok'));
    await model.complete(request({ toolChoice }));
    expect(server.chatBodies[0].tool_choice).toBe(toolChoice);
  });

  it('sends neither tools nor a tool choice when there are no tools', async () => {
    server.reply(textReply('ok'));
    await model.complete(request({ tools: [], toolChoice: 'auto' }));
    expect(server.chatBodies[0]).not.toHaveProperty('tools');
    expect(server.chatBodies[0]).not.toHaveProperty('tool_choice');
  });

  it('sends strict tool schemas in strict mode', async () => {
    server.reply(textReply('ok'));
    const strictModel = new OpenAIChatModel({ client: server.client(), model: 'gpt-4o-mini', strict: true });
    await strictModel.complete(request());
    expect(functionTool(server.chatBodies[0], 'get_weather')).toMatchObject({
      strict: true,
      parameters: {
        required: ['city', 'unit'],
        additionalProperties: false,
        properties: { unit: { type: ['string', 'null'], enum: ['c', 'f', null] } },
      },
    });
  });

  it('adds the extra parameters to every request', async () => {
    server.reply(textReply('ok'));
    const tuned = new OpenAIChatModel({
      client: server.client(),
      model: 'gpt-4o',
      parameters: { temperature: 0, parallel_tool_calls: false },
    });
    await tuned.complete(request());
    expect(server.chatBodies[0]).toMatchObject({ model: 'gpt-4o', temperature: 0, parallel_tool_calls: false });
  });

  it("names its provider, model and server (the client's baseURL) for traces, and each answer's id and model", async () => {
    const reply = completionReply({ content: 'Hi.' });
    server.reply({ body: { ...(reply.body as object), id: 'chatcmpl-7', model: 'gpt-4o-mini-2024-07-18' } });
    const port = Number(new URL(server.baseURL).port);
    expect([model.provider, model.modelId, model.server]).toEqual(['openai', 'gpt-4o-mini', { address: '127.0.0.1', port }]);
    expect(await model.complete(request())).toMatchObject({ id: 'chatcmpl-7', modelId: 'gpt-4o-mini-2024-07-18' });
    const hosted = new OpenAIChatModel({ client: server.client({ baseURL: 'https://api.openai.com/v1' }), model: 'gpt-4o' });
    expect(hosted.server).toEqual({ address: 'api.openai.com', port: 443 });
  });

  it('returns the text and the usage of the answer', async () => {
    server.reply(textReply('Sunny, 18°C.', { prompt: 42, completion: 7 }));
    const response = await model.complete(request());
    expect(response.message).toEqual({ role: 'assistant', content: 'Sunny, 18°C.' });
    expect(response.usage).toEqual({ inputTokens: 42, outputTokens: 7, totalTokens: 49 });
  });

  it('returns two parallel tool calls with their ids, names and argument strings', async () => {
    server.reply(
      toolCallsReply(
        { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { id: 'call_b', name: 'get_weather', arguments: '{"city":"Rome","unit":"c"}' },
      ),
    );
    const response = await model.complete(request());
    expect(response.message).toEqual({
      role: 'assistant',
      content: null,
      toolCalls: [
        { id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { id: 'call_b', name: 'get_weather', arguments: '{"city":"Rome","unit":"c"}' },
      ],
    });
  });

  it('returns text and tool calls together when the model sends both', async () => {
    server.reply(completionReply({ content: 'Let me check.', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{}' }] }));
    const response = await model.complete(request());
    expect(response.message.content).toBe('Let me check.');
    expect(response.message.toolCalls).toHaveLength(1);
  });

  it('maps a 429 with retry-after (seconds) to a retryable error with retryAfterMs', async () => {
    server.reply(errorReply(429, { 'retry-after': '2' }, 'Rate limit reached'));
    const error = await failure(model.complete(request()));
    expect(error).toMatchObject({ retryable: true, status: 429, retryAfterMs: 2000 });
    expect(error.message).toContain('Rate limit reached');
  });

  it('reads retry-after-ms before retry-after, and retry-after as an HTTP date', async () => {
    server.reply(errorReply(429, { 'retry-after-ms': '150', 'retry-after': '9' }));
    expect((await failure(model.complete(request()))).retryAfterMs).toBe(150);
    server.reply(errorReply(503, { 'retry-after': new Date(Date.now() + 30_000).toUTCString() }));
    const error = await failure(model.complete(request()));
    expect(error.retryAfterMs).toBeGreaterThan(25_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it.each([500, 502, 503, 408, 409])('maps status %i to a retryable error', async (status) => {
    server.reply(errorReply(status));
    expect(await failure(model.complete(request()))).toMatchObject({ retryable: true, status });
  });

  it.each([400, 401, 403, 404, 422])('maps status %i to an error that is not retryable', async (status) => {
    server.reply(errorReply(status, {}, 'Incorrect API key provided'));
    const error = await failure(model.complete(request()));
    expect(error).toMatchObject({ retryable: false, status });
    expect(error.retryAfterMs).toBeUndefined();
  });

  it('makes one attempt per call, leaving retries to the agent loop, without changing the client', async () => {
    const client = server.client({ maxRetries: 3 });
    server.reply(errorReply(500), errorReply(500));
    await failure(new OpenAIChatModel({ client, model: 'gpt-4o-mini' }).complete(request()));
    expect(server.requests).toHaveLength(1);
    expect(client.maxRetries).toBe(3);
  });

  it('maps a connection failure to a retryable error without a status', async () => {
    const unreachable = server.client({ baseURL: 'http://127.0.0.1:1/v1' });
    const error = await failure(new OpenAIChatModel({ client: unreachable, model: 'gpt-4o-mini' }).complete(request()));
    expect(error).toMatchObject({ retryable: true, status: undefined });
  });

  it('maps a connection dropped while the body is read to a retryable error', async () => {
    server.reply({ ...textReply('The weather in Paris is sunny with a light breeze from the west.'), cut: true });
    const error = await failure(model.complete(request()));
    expect(error).toMatchObject({ retryable: true, status: undefined });
    expect(error.message).toMatch(/^OpenAI chat completion with model 'gpt-4o-mini' failed: /);
  });

  it('maps a request timeout to a retryable error', async () => {
    server.reply({ hang: true });
    const impatient = new OpenAIChatModel({ client: server.client(), model: 'gpt-4o-mini', timeoutMs: 50 });
    expect(await failure(impatient.complete(request()))).toMatchObject({ retryable: true });
  });

  it('rethrows an abort as an abort, not as a model error', async () => {
    server.reply({ hang: true });
    const controller = new AbortController();
    const pending = model.complete(request({ signal: controller.signal }));
    await server.received();
    controller.abort();
    const error = await pending.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(ModelCallError.isInstance(error)).toBe(false);
  });
});
