import 'reflect-metadata';
import { Agent, ModelCallError, ProviderSchemaError, Tool, ToolRegistry, type ChatRequest } from '@toolcraft/core';
import { OpenAIChatModel, StrictSchemaError } from '../src/index';
import { completionReply, textReply } from './support/chat-completion-replies';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { AddTool } from './support/test-tools';

const png = 'iVBORw0KGgo=';

const request = (overrides: Partial<ChatRequest> = {}): ChatRequest => ({
  messages: [{ role: 'user', content: 'Hi' }],
  tools: [],
  ...overrides,
});

class TagTool extends Tool<{ labels: Record<string, string> }, string> {
  constructor() {
    super({
      argsType: {
        type: 'object',
        properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
        required: ['labels'],
      },
      name: 'tag',
      description: 'Tags a document.',
    });
  }
  execute(): string {
    return 'tagged';
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
}

describe('OpenAIChatModel: settings, structured output, provider options, parts and usage details', () => {
  let server: FakeOpenAIServer;
  let model: OpenAIChatModel;

  beforeEach(async () => {
    server = await FakeOpenAIServer.start();
    model = new OpenAIChatModel({ client: server.client(), model: 'gpt-4o-mini' });
  });
  afterEach(() => server.close());

  it('maps the settings to temperature, top_p, max_completion_tokens, stop and seed, winning over the model parameters', async () => {
    server.reply(textReply('ok'));
    const tuned = new OpenAIChatModel({ client: server.client(), model: 'gpt-4o-mini', parameters: { temperature: 1, user: 'u1' } });
    await tuned.complete(
      request({ settings: { temperature: 0, topP: 0.5, maxOutputTokens: 64, stopSequences: ['END', '\n\n'], seed: 42 } }),
    );
    expect(server.chatBodies[0]).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      temperature: 0,
      top_p: 0.5,
      max_completion_tokens: 64,
      stop: ['END', '\n\n'],
      seed: 42,
      user: 'u1',
    });
  });

  it('sends a structured output as response_format json_schema, strict by the same rules as tools', async () => {
    server.reply(textReply('{"total":3}'), textReply('{}'));
    const schema = {
      type: 'object' as const,
      properties: { total: { type: 'integer' as const }, note: { type: 'string' as const } },
      required: ['total'],
    };
    await model.complete(request({ responseFormat: { name: 'invoice', schema, strict: true } }));
    expect(server.chatBodies[0]!.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'invoice',
        strict: true,
        schema: {
          type: 'object',
          properties: { total: { type: 'integer' }, note: { type: ['string', 'null'] } },
          required: ['total', 'note'],
          additionalProperties: false,
        },
      },
    });
    await model.complete(request({ responseFormat: { name: 'loose', schema } }));
    expect(server.chatBodies[1]!.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'loose', schema, strict: false } });
  });

  it('refuses a strict structured output that cannot be strict before sending it', async () => {
    const error = await rejection(
      model.complete(request({ responseFormat: { name: 'tags', schema: { type: 'array', items: { type: 'string' } }, strict: true } })),
    );
    expect(StrictSchemaError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('merges providerOptions.openai into the body, over the settings, and ignores other providers', async () => {
    server.reply(textReply('ok'));
    await model.complete(
      request({
        settings: { temperature: 0.3 },
        providerOptions: { openai: { temperature: 0.9, reasoning_effort: 'low', service_tier: 'flex' }, google: { thinkingConfig: {} } },
      }),
    );
    expect(server.chatBodies[0]).toMatchObject({ temperature: 0.9, reasoning_effort: 'low', service_tier: 'flex' });
    expect(server.chatBodies[0]).not.toHaveProperty('thinkingConfig');
  });

  it('reads cached and reasoning tokens from the usage details', async () => {
    const reply = completionReply({ content: 'ok' });
    const body = reply.body as { usage: Record<string, unknown> };
    body.usage = {
      prompt_tokens: 1200,
      completion_tokens: 80,
      total_tokens: 1280,
      prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 64 },
    };
    server.reply(reply);
    expect((await model.complete(request())).usage).toEqual({
      inputTokens: 1200,
      outputTokens: 80,
      totalTokens: 1280,
      cachedInputTokens: 1024,
      reasoningTokens: 64,
    });
  });

  it('sends user images and files as image_url and file parts, and leaves an assistant reasoning part out', async () => {
    server.reply(textReply('A cat.'));
    await model.complete(
      request({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', data: png, mediaType: 'image/png' },
              { type: 'image', data: 'https://example.com/cat.jpg', mediaType: 'image/jpeg' },
              { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'a.pdf' },
            ],
          },
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: 'Secret thoughts.', providerMetadata: { openai: { itemId: 'rs_1' } } },
              { type: 'text', text: 'Looking.' },
            ],
          },
          { role: 'user', content: 'Well?' },
        ],
      }),
    );
    expect(server.chatBodies[0]!.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
          { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'a.pdf' } },
        ],
      },
      { role: 'assistant', content: 'Looking.' },
      { role: 'user', content: 'Well?' },
    ]);
  });

  it('refuses at request time a tool result with an image, naming the tool', async () => {
    const error = await rejection(
      model.complete(
        request({
          messages: [
            { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', name: 'screenshot', arguments: '{}' }] },
            { role: 'tool', toolCallId: 'call_1', name: 'screenshot', content: [{ type: 'image', data: png, mediaType: 'image/png' }] },
          ],
        }),
      ),
    );
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ retryable: false, provider: 'openai' });
    expect((error as Error).message).toMatch(/^Tool 'screenshot' answered with an image, but OpenAI Chat Completions takes only text/);
    expect(server.requests).toHaveLength(0);
  });

  it('checks the tools in new Agent (prepareTools), strict mode refusing what it cannot take', () => {
    const strict = new OpenAIChatModel({ client: server.client(), model: 'gpt-4o-mini', strict: true });
    expect(() => new Agent({ model: strict, registry: ToolRegistry.of(new AddTool(), new TagTool()) })).toThrow(
      expect.objectContaining({ name: 'StrictSchemaError', provider: 'openai', toolName: 'tag', keyword: 'additionalProperties' }) as Error,
    );
    expect(() => new Agent({ model, registry: ToolRegistry.of(new TagTool()) })).not.toThrow();
    let caught: unknown;
    try {
      new Agent({ model: strict, registry: ToolRegistry.of(new TagTool()) });
    } catch (error) {
      caught = error;
    }
    expect(ProviderSchemaError.isInstance(caught)).toBe(true);
  });
});
