import { ProviderSchemaError, type ChatRequest, type ToolDefinition } from '@toolcraft/core';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { AnthropicChatModel } from '../src/index';
import { FakeAnthropicServer } from './support/fake-anthropic-server';
import { failure } from './support/failure';
import { message, messageReply, redactedThinkingBlock, textBlock, thinkingBlock, toolUseBlock, usage } from './support/message-replies';

const weatherTool: ToolDefinition = {
  name: 'get_weather',
  description: 'Current weather of a city.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string', description: 'The city' }, unit: { type: 'string', enum: ['c', 'f'] } },
    required: ['city'],
  },
};

function request(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return { messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [weatherTool], ...overrides };
}

describe('AnthropicChatModel', () => {
  let server: FakeAnthropicServer;
  let model: AnthropicChatModel;

  beforeEach(async () => {
    server = await FakeAnthropicServer.start();
    model = new AnthropicChatModel({ client: server.client(), model: 'claude-sonnet-4-6', maxTokens: 1024, cache: 'off' });
  });
  afterEach(() => server.close());

  it('sends the model, max_tokens, the system prompt, the messages and the tools to POST /v1/messages', async () => {
    server.reply(messageReply([textBlock('Sunny.')]));
    const response = await model.complete(
      request({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather in Paris?' },
        ],
      }),
    );
    expect(server.requests[0].path).toBe('/v1/messages');
    expect(server.bodies[0]).toEqual({
      model: 'claude-sonnet-4-6',
      max_tokens: 1024,
      system: [{ type: 'text', text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
      tools: [{ name: 'get_weather', description: 'Current weather of a city.', input_schema: weatherTool.inputSchema }],
    });
    expect(response).toEqual({
      message: { role: 'assistant', content: 'Sunny.' },
      usage: { inputTokens: 12, outputTokens: 7, totalTokens: 19 },
      finishReason: 'stop',
      id: 'msg_test',
      modelId: 'claude-sonnet-4-6',
    });
  });

  it("names its provider, model and server (the client's baseURL) for traces", () => {
    const port = Number(new URL(server.baseURL).port);
    expect([model.provider, model.modelId, model.server]).toEqual(['anthropic', 'claude-sonnet-4-6', { address: '127.0.0.1', port }]);
    const made = new AnthropicChatModel({ model: 'claude-sonnet-4-6', maxTokens: 1024, clientOptions: { apiKey: 'k' } });
    expect(made.server).toEqual({ address: 'api.anthropic.com', port: 443 });
  });

  it('maps a tool-call turn and sends the answer turn back: tool_use blocks, then the tool_result blocks in one user message', async () => {
    server.reply(
      messageReply(
        [
          textBlock('Checking both.'),
          toolUseBlock('toolu_1', 'get_weather', { city: 'Paris' }),
          toolUseBlock('toolu_2', 'get_weather', { city: 'Rome' }),
        ],
        'tool_use',
      ),
      messageReply([textBlock('Paris 18°C, Rome 24°C.')]),
    );
    const first = await model.complete(request());
    expect(first.finishReason).toBe('tool_calls');
    expect(first.message).toEqual({
      role: 'assistant',
      content: 'Checking both.',
      toolCalls: [
        { id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { id: 'toolu_2', name: 'get_weather', arguments: '{"city":"Rome"}' },
      ],
    });
    await model.complete(
      request({
        messages: [
          { role: 'user', content: 'Weather in Paris and Rome?' },
          first.message,
          { role: 'tool', toolCallId: 'toolu_1', name: 'get_weather', content: '18°C' },
          { role: 'tool', toolCallId: 'toolu_2', name: 'get_weather', content: 'city not found', isError: true },
        ],
      }),
    );
    expect(server.bodies[1].messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking both.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: { city: 'Rome' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: '18°C' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'city not found', is_error: true },
        ],
      },
    ]);
  });

  it('returns thinking as reasoning parts with their signatures and sends them back untouched, thinking first', async () => {
    server.reply(
      messageReply(
        [
          thinkingBlock('The user wants weather.', 'sig-1'),
          redactedThinkingBlock('opaque=='),
          toolUseBlock('toolu_1', 'get_weather', { city: 'Paris' }),
        ],
        'tool_use',
      ),
      messageReply([textBlock('18°C.')]),
    );
    const first = await model.complete(request());
    expect(first.message.content).toEqual([
      { type: 'reasoning', text: 'The user wants weather.', providerMetadata: { anthropic: { signature: 'sig-1' } } },
      { type: 'reasoning', text: '', providerMetadata: { anthropic: { redactedData: 'opaque==' } } },
    ]);
    // The transcript goes through JSON (a session, a saved state) before the next turn.
    const saved = JSON.parse(JSON.stringify(first.message)) as typeof first.message;
    await model.complete(
      request({
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          { ...saved, content: [{ type: 'text', text: 'Let me look.' }, ...(saved.content as [])] },
          { role: 'tool', toolCallId: 'toolu_1', name: 'get_weather', content: '18°C' },
        ],
      }),
    );
    expect((server.bodies[1].messages[1] as MessageParam).content).toEqual([
      { type: 'thinking', thinking: 'The user wants weather.', signature: 'sig-1' },
      { type: 'redacted_thinking', data: 'opaque==' },
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
    ]);
  });

  it('leaves out reasoning of another provider, which the API could not verify', async () => {
    server.reply(messageReply([textBlock('ok')]));
    await model.complete(
      request({
        messages: [
          { role: 'user', content: 'hi' },
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'hm', providerMetadata: { google: { thoughtSignature: 'x' } } },
              { type: 'text', text: 'Hello.' },
            ],
          },
          { role: 'user', content: 'again' },
        ],
      }),
    );
    expect(server.bodies[0].messages[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'Hello.' }] });
  });

  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['model_context_window_exceeded', 'length'],
    ['tool_use', 'tool_calls'],
    ['refusal', 'refusal'],
  ] as const)('maps the stop reason %s to %s', async (stopReason, finishReason) => {
    server.reply(messageReply([textBlock('text')], stopReason));
    expect((await model.complete(request())).finishReason).toBe(finishReason);
  });

  it("answers a refusal without text with the API's explanation", async () => {
    server.reply(
      messageReply([], 'refusal', { stop_details: { type: 'refusal', category: 'cyber', explanation: 'This could enable cyber harm.' } }),
    );
    const response = await model.complete(request());
    expect(response).toMatchObject({ finishReason: 'refusal', message: { content: 'This could enable cyber harm.' } });
  });

  it('continues a paused turn (pause_turn) by sending the paused content back, and answers with the whole turn', async () => {
    const search = {
      type: 'server_tool_use',
      id: 'srvtoolu_1',
      name: 'web_search',
      input: { query: 'paris weather' },
      caller: { type: 'direct' },
    };
    server.reply(
      {
        body: message([textBlock('Searching. '), search as never], 'pause_turn', { usage: usage({ input_tokens: 10, output_tokens: 5 }) }),
      },
      messageReply([textBlock('It is sunny.')], 'end_turn', { id: 'msg_2', usage: usage({ input_tokens: 30, output_tokens: 4 }) }),
    );
    const response = await model.complete(request());
    expect(server.bodies).toHaveLength(2);
    expect(server.bodies[1].messages).toEqual([
      ...server.bodies[0].messages,
      { role: 'assistant', content: [{ type: 'text', text: 'Searching. ', citations: null }, search] },
    ]);
    expect(response).toMatchObject({
      message: { role: 'assistant', content: 'Searching. It is sunny.' },
      finishReason: 'stop',
      id: 'msg_2',
      usage: { inputTokens: 40, outputTokens: 9, totalTokens: 49 },
    });
  });

  it('continues a paused turn at most maxPauseContinuations times, then fails clearly', async () => {
    const bounded = new AnthropicChatModel({
      client: server.client(),
      model: 'claude-sonnet-4-6',
      maxTokens: 64,
      maxPauseContinuations: 1,
    });
    server.reply(messageReply([textBlock('a')], 'pause_turn'), messageReply([textBlock('b')], 'pause_turn'));
    const error = await failure(bounded.complete(request()));
    expect(error).toMatchObject({ retryable: false, provider: 'anthropic' });
    expect(error.message).toMatch(/paused the turn .* 2 times.*at most 1 times/);
    expect(server.requests).toHaveLength(2);
  });

  it('reads usage with cached input: inputTokens counts cache writes and reads, cachedInputTokens the reads, reasoningTokens the thinking', async () => {
    server.reply(
      messageReply([textBlock('ok')], 'end_turn', {
        usage: usage({
          input_tokens: 5,
          cache_creation_input_tokens: 100,
          cache_read_input_tokens: 2000,
          output_tokens: 50,
          output_tokens_details: { thinking_tokens: 30 },
        }),
      }),
    );
    expect((await model.complete(request())).usage).toEqual({
      inputTokens: 2105,
      outputTokens: 50,
      totalTokens: 2155,
      cachedInputTokens: 2000,
      reasoningTokens: 30,
    });
  });

  it.each([
    ['auto', { type: 'auto' }],
    ['none', { type: 'none' }],
    ['required', { type: 'any' }],
    [{ name: 'get_weather' }, { type: 'tool', name: 'get_weather' }],
  ] as const)('maps the tool choice %j to %j', async (toolChoice, expected) => {
    server.reply(messageReply([textBlock('ok')]));
    await model.complete(request({ toolChoice }));
    expect(server.bodies[0].tool_choice).toEqual(expected);
  });

  it('sends disable_parallel_tool_use when the model may call one tool at a time, and neither tools nor tool_choice without tools', async () => {
    const single = new AnthropicChatModel({ client: server.client(), model: 'm', maxTokens: 64, cache: 'off', parallelToolCalls: false });
    server.reply(messageReply([textBlock('ok')]), messageReply([textBlock('ok')]));
    await single.complete(request({ toolChoice: 'required' }));
    await single.complete(request({ tools: [], toolChoice: 'required' }));
    expect(server.bodies[0].tool_choice).toEqual({ type: 'any', disable_parallel_tool_use: true });
    expect(server.bodies[1]).not.toHaveProperty('tools');
    expect(server.bodies[1]).not.toHaveProperty('tool_choice');
  });

  it('sends max_tokens from maxOutputTokens and stop_sequences from the settings', async () => {
    server.reply(messageReply([textBlock('ok')], 'stop_sequence'));
    await model.complete(request({ settings: { maxOutputTokens: 99, stopSequences: ['END'] } }));
    expect(server.bodies[0]).toMatchObject({ max_tokens: 99, stop_sequences: ['END'] });
  });

  it.each(['temperature', 'topP', 'seed'] as const)(
    'refuses the setting %s before sending, or leaves it out when told to ignore it',
    async (name) => {
      const error = await failure(model.complete(request({ settings: { [name]: 0.5 } })));
      expect(error.message).toContain(`'${name}'`);
      expect(error).toMatchObject({ retryable: false, provider: 'anthropic' });
      expect(server.requests).toHaveLength(0);
      const lenient = new AnthropicChatModel({ client: server.client(), model: 'm', maxTokens: 64, unsupportedSettings: 'ignore' });
      server.reply(messageReply([textBlock('ok')]));
      await lenient.complete(request({ settings: { [name]: 0.5 } }));
      expect(Object.keys(server.bodies[0])).not.toEqual(expect.arrayContaining(['temperature', 'top_p', 'seed']));
    },
  );

  it('asks for structured output as JSON outputs (output_config.format), the schema converted for constrained decoding', async () => {
    server.reply(messageReply([textBlock('{"total":1200}')]));
    const response = await model.complete(
      request({
        tools: [],
        responseFormat: {
          name: 'invoice',
          schema: { type: 'object', properties: { total: { type: 'integer', minimum: 0 } }, required: ['total'] },
        },
        providerOptions: { anthropic: { output_config: { effort: 'low' } } },
      }),
    );
    expect(server.bodies[0].output_config).toEqual({
      effort: 'low',
      format: {
        type: 'json_schema',
        schema: {
          type: 'object',
          properties: { total: { type: 'integer', description: '{minimum: 0}' } },
          required: ['total'],
          additionalProperties: false,
        },
      },
    });
    expect(response.message.content).toBe('{"total":1200}');
  });

  it('refuses, before sending, a structured output schema constrained decoding cannot take, naming the output', async () => {
    const error = await model
      .complete(request({ responseFormat: { name: 'tags', schema: { type: 'object', additionalProperties: { type: 'string' } } } }))
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(ProviderSchemaError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ provider: 'anthropic', toolName: 'tags', path: '$', keyword: 'additionalProperties' });
    expect(server.requests).toHaveLength(0);
  });

  it('sends strict tools with strict: true', async () => {
    const strict = new AnthropicChatModel({ client: server.client(), model: 'm', maxTokens: 64, cache: 'off', strict: true });
    server.reply(messageReply([textBlock('ok')]));
    await strict.complete(request());
    expect(server.bodies[0].tools).toEqual([
      {
        name: 'get_weather',
        description: 'Current weather of a city.',
        strict: true,
        input_schema: {
          type: 'object',
          properties: { city: { type: 'string', description: 'The city' }, unit: { enum: ['c', 'f'] } },
          required: ['city'],
          additionalProperties: false,
        },
      },
    ]);
  });

  it('merges the model parameters and providerOptions.anthropic into the body, and refuses the keys the model builds', async () => {
    const tuned = new AnthropicChatModel({
      client: server.client(),
      model: 'm',
      maxTokens: 64,
      cache: 'off',
      parameters: { metadata: { user_id: 'u1' }, service_tier: 'auto' },
    });
    server.reply(messageReply([textBlock('ok')]));
    await tuned.complete(
      request({ providerOptions: { anthropic: { thinking: { type: 'adaptive' }, max_tokens: 2048 }, openai: { store: true } } }),
    );
    expect(server.bodies[0]).toMatchObject({
      metadata: { user_id: 'u1' },
      service_tier: 'auto',
      thinking: { type: 'adaptive' },
      max_tokens: 2048,
    });
    expect(server.bodies[0]).not.toHaveProperty('store');
    const error = await failure(tuned.complete(request({ providerOptions: { anthropic: { messages: [] } } })));
    expect(error.message).toContain("may not set 'messages'");
  });

  it('sends user images and PDFs as image and document blocks, and images and documents inside a tool result', async () => {
    server.reply(messageReply([textBlock('ok')]));
    await model.complete(
      request({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Compare these.' },
              { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
              { type: 'image', data: new URL('https://example.com/cat.jpg'), mediaType: 'image/jpeg' },
              { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'report.pdf' },
            ],
          },
          { role: 'assistant', content: null, toolCalls: [{ id: 'toolu_1', name: 'chart', arguments: '{}' }] },
          {
            role: 'tool',
            toolCallId: 'toolu_1',
            name: 'chart',
            content: [
              { type: 'text', text: 'The chart:' },
              { type: 'image', data: 'R0lGOD==', mediaType: 'image/gif' },
              { type: 'file', data: new URL('https://example.com/chart.pdf'), mediaType: 'application/pdf' },
            ],
          },
        ],
      }),
    );
    expect(server.bodies[0].messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare these.' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'report.pdf' },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'chart', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [
              { type: 'text', text: 'The chart:' },
              { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'R0lGOD==' } },
              { type: 'document', source: { type: 'url', url: 'https://example.com/chart.pdf' } },
            ],
          },
        ],
      },
    ]);
  });

  it('refuses an image type the API does not take, naming the tool', async () => {
    const error = await failure(
      model.complete(
        request({
          messages: [
            { role: 'user', content: 'draw' },
            { role: 'assistant', content: null, toolCalls: [{ id: 't1', name: 'draw', arguments: '{}' }] },
            { role: 'tool', toolCallId: 't1', name: 'draw', content: [{ type: 'image', data: 'AAAA', mediaType: 'image/bmp' }] },
          ],
        }),
      ),
    );
    expect(error.message).toContain("the result of tool 'draw' holds an image of type 'image/bmp'");
    expect(server.requests).toHaveLength(0);
  });

  it('keeps a system message after the first turn at its place', async () => {
    server.reply(messageReply([textBlock('ok')]));
    await model.complete(
      request({
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'Hello.' },
          { role: 'system', content: 'The user is in Paris.' },
          { role: 'user', content: 'Weather?' },
        ],
      }),
    );
    expect(server.bodies[0].system).toEqual([{ type: 'text', text: 'Be brief.' }]);
    expect(server.bodies[0].messages[2]).toEqual({ role: 'system', content: 'The user is in Paris.' });
  });

  it('fails clearly on empty content with no stop reason, and on a tool_use whose input is not an object', async () => {
    server.reply(messageReply([], null), messageReply([toolUseBlock('toolu_9', 'get_weather', 'Paris')], 'tool_use'));
    const empty = await failure(model.complete(request()));
    expect(empty.message).toMatch(/Anthropic answered with empty content and no stop reason/);
    const notObject = await failure(model.complete(request()));
    expect(notObject.message).toContain('tool_use block for \'get_weather\' (toolu_9) whose input is "Paris"');
    expect([empty.retryable, notObject.retryable, notObject.provider]).toEqual([false, false, 'anthropic']);
  });
});
