import { ModelCallError, ProviderSchemaError, type ChatMessage, type ChatRequest, type ToolDefinition } from '@toolcraft/core';
import { OpenAIResponsesModel, StrictSchemaError } from '../src/index';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { messageItem, responseReply } from './support/responses-replies';

const weatherTool: ToolDefinition = {
  name: 'get_weather',
  description: 'Current weather of a city.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } },
    required: ['city'],
  },
};

const png = 'iVBORw0KGgo=';

function request(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return { messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [weatherTool], ...overrides };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
}

describe('OpenAIResponsesModel: what it sends', () => {
  let server: FakeOpenAIServer;
  let model: OpenAIResponsesModel;

  beforeEach(async () => {
    server = await FakeOpenAIServer.start();
    model = new OpenAIResponsesModel({ client: server.client(), model: 'gpt-5-mini' });
  });
  afterEach(() => server.close());

  it('posts to /responses with the model, store: false, the encrypted reasoning asked for, and the tools never strict by omission', async () => {
    server.reply(responseReply([messageItem('Sunny.')]));
    await model.complete(request({ toolChoice: 'required' }));
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/responses' });
    expect(server.responsesBodies[0]).toEqual({
      model: 'gpt-5-mini',
      store: false,
      include: ['reasoning.encrypted_content'],
      input: [{ type: 'message', role: 'user', content: 'Weather in Paris?' }],
      tools: [
        {
          type: 'function',
          name: 'get_weather',
          description: 'Current weather of a city.',
          parameters: weatherTool.inputSchema,
          strict: false,
        },
      ],
      tool_choice: 'required',
    });
  });

  it('maps each kind of message: system in place, user parts, assistant text with its phase, calls, and tool outputs', async () => {
    server.reply(responseReply([messageItem('ok')]));
    const messages: ChatMessage[] = [
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is on these?' },
          { type: 'image', data: png, mediaType: 'image/png' },
          { type: 'image', data: new URL('https://example.com/cat.jpg'), mediaType: 'image/jpeg' },
          { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'report.pdf' },
          { type: 'file', data: 'https://example.com/notes.pdf', mediaType: 'application/pdf' },
        ],
      },
      {
        role: 'assistant',
        content: 'Let me look.',
        providerMetadata: { openai: { messages: [{ itemId: 'msg_a', phase: 'commentary' }] } },
        toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', providerMetadata: { openai: { itemId: 'fc_1' } } }],
      },
      { role: 'tool', toolCallId: 'call_1', name: 'get_weather', content: '18°C' },
      { role: 'system', content: 'Answer in French.' },
    ];
    await model.complete(request({ messages, toolChoice: { name: 'get_weather' } }));
    const body = server.responsesBodies[0]!;
    expect(body.input).toEqual([
      { type: 'message', role: 'system', content: 'Be brief.' },
      {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_text', text: 'What is on these?' },
          { type: 'input_image', image_url: `data:image/png;base64,${png}`, detail: 'auto' },
          { type: 'input_image', image_url: 'https://example.com/cat.jpg', detail: 'auto' },
          { type: 'input_file', file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'report.pdf' },
          { type: 'input_file', file_url: 'https://example.com/notes.pdf' },
        ],
      },
      {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'Let me look.', annotations: [] }],
        phase: 'commentary',
      },
      { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call_output', call_id: 'call_1', output: '18°C' },
      { type: 'message', role: 'system', content: 'Answer in French.' },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', name: 'get_weather' });
  });

  it('sends a tool result with an image as an output list of input_text and input_image, and says when a call failed', async () => {
    server.reply(responseReply([messageItem('A cat.')]));
    await model.complete(
      request({
        messages: [
          { role: 'user', content: 'Screenshot, then fail.' },
          {
            role: 'assistant',
            content: null,
            toolCalls: [
              { id: 'call_1', name: 'screenshot', arguments: '{}' },
              { id: 'call_2', name: 'get_weather', arguments: '{}' },
              { id: 'call_3', name: 'get_weather', arguments: '{}' },
            ],
          },
          {
            role: 'tool',
            toolCallId: 'call_1',
            name: 'screenshot',
            content: [
              { type: 'text', text: 'The screen:' },
              { type: 'image', data: png, mediaType: 'image/png' },
            ],
          },
          { role: 'tool', toolCallId: 'call_2', name: 'get_weather', content: 'the service is down', isError: true },
          { role: 'tool', toolCallId: 'call_3', name: 'get_weather', content: "Error: tool 'get_weather' failed: timeout", isError: true },
        ],
      }),
    );
    expect(server.responsesBodies[0]!.input!.slice(-3)).toEqual([
      {
        type: 'function_call_output',
        call_id: 'call_1',
        output: [
          { type: 'input_text', text: 'The screen:' },
          { type: 'input_image', image_url: `data:image/png;base64,${png}` },
        ],
      },
      { type: 'function_call_output', call_id: 'call_2', output: 'Error: the service is down' },
      { type: 'function_call_output', call_id: 'call_3', output: "Error: tool 'get_weather' failed: timeout" },
    ]);
  });

  it('sends reasoning back whole with its encrypted content (store: false), and leaves out reasoning it cannot send', async () => {
    server.reply(responseReply([messageItem('ok')]));
    await model.complete(
      request({
        messages: [
          { role: 'user', content: 'Hi' },
          {
            role: 'assistant',
            content: [
              {
                type: 'reasoning',
                text: 'Plan: check weather.',
                providerMetadata: { openai: { itemId: 'rs_1', encryptedContent: 'gAAAA-secret' } },
              },
              { type: 'reasoning', text: 'thinking', providerMetadata: { google: { thoughtSignature: 'sig' } } },
              { type: 'reasoning', text: '', providerMetadata: { openai: { itemId: 'rs_stored' } } },
            ],
            toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' }],
          },
          { role: 'tool', toolCallId: 'call_1', name: 'get_weather', content: 'rain' },
        ],
      }),
    );
    expect(server.responsesBodies[0]!.input!.slice(1, 3)).toEqual([
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'Plan: check weather.' }],
        encrypted_content: 'gAAAA-secret',
      },
      { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
    ]);
  });

  it('with store: true, sends a stored reasoning item by reference and asks for no encrypted content', async () => {
    server.reply(responseReply([messageItem('ok')]));
    const stored = new OpenAIResponsesModel({ client: server.client(), model: 'gpt-5-mini', store: true });
    await stored.complete(
      request({
        messages: [
          { role: 'user', content: 'Hi' },
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'Plan.', providerMetadata: { openai: { itemId: 'rs_1' } } },
              { type: 'text', text: 'Hello.' },
            ],
          },
          { role: 'user', content: 'And now?' },
        ],
      }),
    );
    const body = server.responsesBodies[0]!;
    expect(body.store).toBe(true);
    expect(body).not.toHaveProperty('include');
    expect(body.input).toEqual([
      { type: 'message', role: 'user', content: 'Hi' },
      { type: 'item_reference', id: 'rs_1' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hello.', annotations: [] }] },
      { type: 'message', role: 'user', content: 'And now?' },
    ]);
  });

  it('maps the settings it has, leaves out stop sequences and seed (the Responses API has neither), and merges providerOptions.openai last', async () => {
    server.reply(responseReply([messageItem('ok')]));
    const tuned = new OpenAIResponsesModel({
      client: server.client(),
      model: 'gpt-5-mini',
      parameters: { temperature: 1, parallel_tool_calls: false, include: ['message.output_text.logprobs'] },
    });
    await tuned.complete(
      request({
        settings: { temperature: 0.2, topP: 0.9, maxOutputTokens: 300, stopSequences: ['END'], seed: 7 },
        providerOptions: { openai: { reasoning: { effort: 'low' }, text: { verbosity: 'low' } }, anthropic: { thinking: true } },
        responseFormat: { name: 'weather', schema: { type: 'object', properties: { celsius: { type: 'number' } } }, strict: true },
      }),
    );
    const body = server.responsesBodies[0]!;
    expect(body).toMatchObject({
      temperature: 0.2,
      top_p: 0.9,
      max_output_tokens: 300,
      parallel_tool_calls: false,
      reasoning: { effort: 'low' },
      include: ['message.output_text.logprobs', 'reasoning.encrypted_content'],
      text: {
        verbosity: 'low',
        format: {
          type: 'json_schema',
          name: 'weather',
          strict: true,
          schema: {
            type: 'object',
            properties: { celsius: { type: ['number', 'null'] } },
            required: ['celsius'],
            additionalProperties: false,
          },
        },
      },
    });
    for (const absent of ['stop', 'seed', 'thinking']) expect(body).not.toHaveProperty(absent);
  });

  it('sends a structured output that is not strict as it is, with strict: false', async () => {
    server.reply(responseReply([messageItem('{}')]));
    const schema = { type: 'object' as const, properties: { note: { type: 'string' as const, minLength: 3 } } };
    await model.complete(request({ tools: [], responseFormat: { name: 'note', schema } }));
    expect(server.responsesBodies[0]!.text).toEqual({ format: { type: 'json_schema', name: 'note', schema, strict: false } });
    expect(server.responsesBodies[0]).not.toHaveProperty('tools');
  });

  it('refuses, before any request, a structured output OpenAI would refuse', async () => {
    const badName = await rejection(model.complete(request({ responseFormat: { name: 'my invoice', schema: { type: 'object' } } })));
    expect(ProviderSchemaError.isInstance(badName)).toBe(true);
    expect(badName).toMatchObject({ provider: 'openai', keyword: 'name' });
    const notStrict = await rejection(
      model.complete(
        request({ responseFormat: { name: 'tags', schema: { type: 'object', additionalProperties: { type: 'string' } }, strict: true } }),
      ),
    );
    expect(StrictSchemaError.isInstance(notStrict)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a transcript part the API cannot take, naming where, without sending anything', async () => {
    const reasoningFromUser = await rejection(
      model.complete(request({ messages: [{ role: 'user', content: [{ type: 'reasoning', text: 'x' }] }] })),
    );
    expect(ModelCallError.isInstance(reasoningFromUser)).toBe(true);
    expect(reasoningFromUser).toMatchObject({ retryable: false, provider: 'openai' });
    const toolReasoning = await rejection(
      model.complete(
        request({ messages: [{ role: 'tool', toolCallId: 'c', name: 'lookup', content: [{ type: 'reasoning', text: 'x' }] }] }),
      ),
    );
    expect((toolReasoning as Error).message).toContain("Tool 'lookup'");
    expect(server.requests).toHaveLength(0);
  });

  it("names its provider, model and server (the client's baseURL), and makes one attempt without changing the client", async () => {
    const port = Number(new URL(server.baseURL).port);
    expect([model.provider, model.modelId, model.server]).toEqual(['openai', 'gpt-5-mini', { address: '127.0.0.1', port }]);
    const client = server.client({ maxRetries: 3 });
    server.reply({ status: 500, body: { error: { message: 'boom' } } });
    await rejection(new OpenAIResponsesModel({ client, model: 'gpt-5-mini' }).complete(request()));
    expect(server.requests).toHaveLength(1);
    expect(client.maxRetries).toBe(3);
  });
});
