import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import type { ChatMessage, ChatRequest, JsonSchema } from '@toolcraft/core';
import { MockLanguageModelV3 } from 'ai/test';
import { AISDKChatModel } from '../src/index';
import { finish, generated, generatingModel, promptOf, toolCall, usage } from './support/model-results';

function request(messages: ChatMessage[], extra: Partial<ChatRequest> = {}): ChatRequest {
  return { messages, tools: [], ...extra };
}

function lastCall(model: MockLanguageModelV3): LanguageModelV3CallOptions {
  return model.doGenerateCalls.at(-1)!;
}

const weatherSchema: JsonSchema = {
  type: 'object',
  properties: { city: { type: 'string', description: 'The city', pattern: '^[A-Z]' } },
  required: ['city'],
  additionalProperties: false,
};

describe('AISDKChatModel', () => {
  it('names the provider and model for traces from the language model', () => {
    const model = new AISDKChatModel(generatingModel(generated([])));
    expect(model.provider).toBe('mock');
    expect(model.modelId).toBe('mock-model');
    expect(new AISDKChatModel(generatingModel(generated([])), { provider: 'mistral' }).provider).toBe('mistral');
  });

  it('sends system, user and assistant text, and the tools with their schema exactly and the tool choice', async () => {
    const languageModel = generatingModel(generated([{ type: 'text', text: 'Sunny.' }]));
    const response = await new AISDKChatModel(languageModel).complete(
      request(
        [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Weather in Paris?' },
        ],
        {
          tools: [{ name: 'weather', description: 'The weather in a city.', inputSchema: weatherSchema }],
          toolChoice: { name: 'weather' },
        },
      ),
    );
    const call = lastCall(languageModel);
    expect(promptOf(call)).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
    ]);
    expect(call.tools).toEqual([{ type: 'function', name: 'weather', description: 'The weather in a city.', inputSchema: weatherSchema }]);
    expect(call.tools![0]).toHaveProperty('inputSchema', weatherSchema);
    expect(call.toolChoice).toEqual({ type: 'tool', toolName: 'weather' });
    expect(response.message).toEqual({ role: 'assistant', content: 'Sunny.' });
  });

  it("sends no tool choice without tools, and 'auto', 'none' and 'required' as the AI SDK's types", async () => {
    const languageModel = generatingModel(generated([{ type: 'text', text: 'ok' }]));
    const model = new AISDKChatModel(languageModel);
    await model.complete(request([{ role: 'user', content: 'hi' }], { toolChoice: 'required' }));
    expect(lastCall(languageModel).toolChoice).toBeUndefined();
    const tools = [{ name: 'weather', description: 'w', inputSchema: weatherSchema }];
    for (const choice of ['auto', 'none', 'required'] as const) {
      await model.complete(request([{ role: 'user', content: 'hi' }], { tools, toolChoice: choice }));
      expect(lastCall(languageModel).toolChoice).toEqual({ type: choice });
    }
  });

  it('maps settings, structured output, headers, extra call settings and provider options merged per provider', async () => {
    const languageModel = generatingModel(generated([{ type: 'text', text: '{"total":1}' }]));
    const model = new AISDKChatModel(languageModel, {
      callSettings: { topK: 40 },
      headers: { 'x-team': 'search' },
      providerOptions: { openai: { reasoningEffort: 'low', user: 'a' }, google: { safe: true } },
    });
    const schema: JsonSchema = { type: 'object', properties: { total: { type: 'integer' } }, required: ['total'] };
    await model.complete(
      request([{ role: 'user', content: 'Total?' }], {
        settings: { temperature: 0.2, topP: 0.9, maxOutputTokens: 300, stopSequences: ['END'], seed: 7 },
        responseFormat: { name: 'invoice', schema, strict: true },
        providerOptions: { openai: { user: 'b' } },
      }),
    );
    expect(lastCall(languageModel)).toMatchObject({
      temperature: 0.2,
      topP: 0.9,
      maxOutputTokens: 300,
      stopSequences: ['END'],
      seed: 7,
      topK: 40,
      headers: { 'x-team': 'search' },
      responseFormat: { type: 'json', schema, name: 'invoice' },
      providerOptions: { openai: { reasoningEffort: 'low', user: 'b' }, google: { safe: true } },
    });
  });

  it('reads text, reasoning with its provider metadata, tool calls, usage, the finish reason and the response id and model', async () => {
    const languageModel = generatingModel(
      generated(
        [
          { type: 'reasoning', text: 'Look it up.', providerMetadata: { anthropic: { signature: 'sig-1' } } },
          { type: 'text', text: 'Checking.' },
          { ...toolCall('call-1', 'weather', { city: 'Paris' }), providerMetadata: { google: { thoughtSignature: 'ts-1' } } },
          { type: 'tool-call', toolCallId: 'call-2', toolName: 'time', input: '' },
        ],
        finish('tool-calls', 'tool_use'),
        usage(120, 40, { cacheRead: 100, reasoning: 25 }),
      ),
    );
    const response = await new AISDKChatModel(languageModel).complete(request([{ role: 'user', content: 'Weather?' }]));
    expect(response).toEqual({
      message: {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Look it up.', providerMetadata: { anthropic: { signature: 'sig-1' } } },
          { type: 'text', text: 'Checking.' },
        ],
        toolCalls: [
          { id: 'call-1', name: 'weather', arguments: '{"city":"Paris"}', providerMetadata: { google: { thoughtSignature: 'ts-1' } } },
          { id: 'call-2', name: 'time', arguments: '{}' },
        ],
      },
      usage: { inputTokens: 120, outputTokens: 40, totalTokens: 160, cachedInputTokens: 100, reasoningTokens: 25 },
      finishReason: 'tool_calls',
      id: 'resp-1',
      modelId: 'mock-model-2026',
    });
  });

  it.each([
    [finish('stop'), 'stop'],
    [finish('length', 'max_tokens'), 'length'],
    [finish('content-filter'), 'content_filter'],
    [finish('other', 'refusal'), 'refusal'],
    [finish('error'), 'other'],
    [finish('other', 'pause_turn'), 'other'],
  ] as const)('maps the finish reason %j to %s', async (reason, expected) => {
    const response = await new AISDKChatModel(generatingModel(generated([{ type: 'text', text: 'x' }], reason))).complete(
      request([{ role: 'user', content: 'hi' }]),
    );
    expect(response.finishReason).toBe(expected);
  });

  it('sends reasoning back with its provider metadata as providerOptions, and the text parts and tool calls with theirs, on the next turn', async () => {
    const languageModel = generatingModel(
      generated(
        [
          { type: 'reasoning', text: 'Think.', providerMetadata: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc' } } },
          { type: 'text', text: 'Let me check.', providerMetadata: { openai: { itemId: 'msg_1' } } },
          { ...toolCall('call-1', 'weather', { city: 'Paris' }), providerMetadata: { openai: { itemId: 'fc_1' } } },
        ],
        finish('tool-calls'),
      ),
      generated([{ type: 'text', text: 'Sunny.' }]),
    );
    const model = new AISDKChatModel(languageModel);
    const first = await model.complete(request([{ role: 'user', content: 'Weather?' }]));
    // The message goes through JSON, as a session or a checkpoint stores it.
    const stored = JSON.parse(JSON.stringify(first.message)) as ChatMessage;
    await model.complete(
      request([{ role: 'user', content: 'Weather?' }, stored, { role: 'tool', toolCallId: 'call-1', name: 'weather', content: '18°C' }]),
    );
    expect(promptOf(lastCall(languageModel))).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Think.', providerOptions: { openai: { itemId: 'rs_1', reasoningEncryptedContent: 'enc' } } },
          { type: 'text', text: 'Let me check.', providerOptions: { openai: { itemId: 'msg_1' } } },
          {
            type: 'tool-call',
            toolCallId: 'call-1',
            toolName: 'weather',
            input: { city: 'Paris' },
            providerOptions: { openai: { itemId: 'fc_1' } },
          },
        ],
      },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'weather', output: { type: 'text', value: '18°C' } }],
      },
    ]);
  });

  it('keeps the calls and results of tools the provider ran, and sends them back in place; toolcraft does not run them', async () => {
    const languageModel = generatingModel(
      generated([
        { type: 'tool-call', toolCallId: 'ws_1', toolName: 'web_search', input: '{"query":"news"}', providerExecuted: true },
        { type: 'tool-result', toolCallId: 'ws_1', toolName: 'web_search', result: { hits: 3 } },
        { type: 'text', text: 'Three hits.' },
        { type: 'source', sourceType: 'url', id: 's1', url: 'https://example.com' },
      ]),
    );
    const model = new AISDKChatModel(languageModel);
    const first = await model.complete(request([{ role: 'user', content: 'News?' }]));
    expect(first.message.toolCalls).toBeUndefined();
    expect(first.message.content).toEqual([{ type: 'text', text: 'Three hits.' }]);
    await model.complete(request([{ role: 'user', content: 'News?' }, first.message, { role: 'user', content: 'More?' }]));
    expect(promptOf(lastCall(languageModel))).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'News?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'ws_1', toolName: 'web_search', input: { query: 'news' }, providerExecuted: true },
          { type: 'tool-result', toolCallId: 'ws_1', toolName: 'web_search', output: { type: 'json', value: { hits: 3 } } },
          { type: 'text', text: 'Three hits.' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'More?' }] },
    ]);
  });

  it('sends tool results: failed ones as error-text, results with images as content, consecutive ones in one tool message', async () => {
    const languageModel = generatingModel(generated([{ type: 'text', text: 'ok' }]));
    await new AISDKChatModel(languageModel).complete(
      request([
        { role: 'user', content: 'Go' },
        {
          role: 'assistant',
          content: null,
          toolCalls: [
            { id: 'a', name: 'add', arguments: '{"a":1,"b":"x"}' },
            { id: 'c', name: 'chart', arguments: '{}' },
            { id: 'd', name: 'doc', arguments: 'not json' },
          ],
        },
        { role: 'tool', toolCallId: 'a', name: 'add', content: "Error: Invalid arguments for tool 'add'", isError: true },
        {
          role: 'tool',
          toolCallId: 'c',
          name: 'chart',
          content: [
            { type: 'text', text: 'The chart:' },
            { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
            { type: 'image', data: new URL('https://example.com/c.png'), mediaType: 'image/png' },
          ],
        },
        {
          role: 'tool',
          toolCallId: 'd',
          name: 'doc',
          content: [{ type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'a.pdf' }],
        },
      ]),
    );
    const prompt = promptOf(lastCall(languageModel)) as Array<{ role: string; content: unknown[] }>;
    expect(prompt[1].content).toEqual([
      { type: 'tool-call', toolCallId: 'a', toolName: 'add', input: { a: 1, b: 'x' } },
      { type: 'tool-call', toolCallId: 'c', toolName: 'chart', input: {} },
      { type: 'tool-call', toolCallId: 'd', toolName: 'doc', input: 'not json' },
    ]);
    expect(prompt).toHaveLength(3);
    expect(prompt[2]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'a',
          toolName: 'add',
          output: { type: 'error-text', value: "Error: Invalid arguments for tool 'add'" },
        },
        {
          type: 'tool-result',
          toolCallId: 'c',
          toolName: 'chart',
          output: {
            type: 'content',
            value: [
              { type: 'text', text: 'The chart:' },
              { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
              { type: 'image-url', url: 'https://example.com/c.png' },
            ],
          },
        },
        {
          type: 'tool-result',
          toolCallId: 'd',
          toolName: 'doc',
          output: { type: 'content', value: [{ type: 'file-data', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'a.pdf' }] },
        },
      ],
    });
  });

  it('sends images and files as file parts: base64 as it is, a URL the model takes as the URL, another URL downloaded', async () => {
    const languageModel = new MockLanguageModelV3({
      provider: 'mock.chat',
      modelId: 'mock-model',
      supportedUrls: { 'image/*': [/^https:\/\/cdn\.example\.com\//] },
      doGenerate: generated([{ type: 'text', text: 'A cat.' }]),
    });
    const downloads: string[] = [];
    const model = new AISDKChatModel(languageModel, {
      download: ({ url }) => {
        downloads.push(url.href);
        return Promise.resolve({ data: new Uint8Array([1, 2, 3]), mediaType: 'application/pdf' });
      },
    });
    await model.complete(
      request([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
            { type: 'image', data: new URL('https://CDN.example.com/cat.png'), mediaType: 'image/png' },
            { type: 'file', data: new URL('https://files.example.com/a.pdf'), mediaType: 'application/pdf', filename: 'a.pdf' },
            { type: 'image', data: new URL('data:image/png;base64,AAAA'), mediaType: 'image/png' },
          ],
        },
      ]),
    );
    const parts = lastCall(languageModel).prompt[0].content as unknown[];
    expect(parts).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'file', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
      { type: 'file', mediaType: 'image/png', data: new URL('https://cdn.example.com/cat.png') },
      { type: 'file', mediaType: 'application/pdf', data: new Uint8Array([1, 2, 3]), filename: 'a.pdf' },
      { type: 'file', mediaType: 'image/png', data: 'AAAA' },
    ]);
    expect(downloads).toEqual(['https://files.example.com/a.pdf']);
  });

  it("reads string data as core's partData does: a URL string as a URL, a data: URL string as its base64 payload and media type", async () => {
    const languageModel = new MockLanguageModelV3({
      provider: 'mock.chat',
      modelId: 'mock-model',
      supportedUrls: { 'image/*': [/^https:\/\/cdn\.example\.com\//] },
      doGenerate: generated([{ type: 'text', text: 'ok' }]),
    });
    const downloads: string[] = [];
    const model = new AISDKChatModel(languageModel, {
      download: ({ url }) => {
        downloads.push(url.href);
        return Promise.resolve({ data: new Uint8Array([7]), mediaType: 'image/jpeg' });
      },
    });
    await model.complete(
      request([
        {
          role: 'user',
          content: [
            { type: 'image', data: 'https://cdn.example.com/cat.png', mediaType: 'image/png' },
            { type: 'image', data: 'data:image/webp;base64,UklGRg==', mediaType: 'image/*' },
            { type: 'image', data: 'https://other.example.com/dog', mediaType: 'image/*' },
            { type: 'file', data: 'data:text/plain,hi%20there', mediaType: 'text/plain' },
          ],
        },
        { role: 'assistant', content: null, toolCalls: [{ id: 'c', name: 'chart', arguments: '{}' }] },
        {
          role: 'tool',
          toolCallId: 'c',
          name: 'chart',
          content: [
            { type: 'image', data: 'https://example.com/chart.png', mediaType: 'image/png' },
            { type: 'image', data: 'data:image/png;base64,iVBORw0KGgo=', mediaType: 'image/*' },
            { type: 'file', data: 'https://example.com/report.pdf', mediaType: 'application/pdf' },
          ],
        },
      ]),
    );
    const prompt = lastCall(languageModel).prompt;
    expect(prompt[0].content).toEqual([
      { type: 'file', mediaType: 'image/png', data: new URL('https://cdn.example.com/cat.png') },
      { type: 'file', mediaType: 'image/webp', data: 'UklGRg==' },
      { type: 'file', mediaType: 'image/jpeg', data: new Uint8Array([7]) },
      { type: 'file', mediaType: 'text/plain', data: new TextEncoder().encode('hi there') },
    ]);
    expect(downloads).toEqual(['https://other.example.com/dog']);
    expect((prompt[2].content[0] as { output: unknown }).output).toEqual({
      type: 'content',
      value: [
        { type: 'image-url', url: 'https://example.com/chart.png' },
        { type: 'image-data', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
        { type: 'file-url', url: 'https://example.com/report.pdf', mediaType: 'application/pdf' },
      ],
    });
  });

  it('reads generated images and files as image and file parts, base64', async () => {
    const response = await new AISDKChatModel(
      generatingModel(
        generated([
          { type: 'text', text: 'Here:' },
          { type: 'file', mediaType: 'image/png', data: new Uint8Array([137, 80, 78, 71]) },
          { type: 'file', mediaType: 'audio/mp3', data: 'SUQz' },
        ]),
      ),
    ).complete(request([{ role: 'user', content: 'Draw' }]));
    expect(response.message.content).toEqual([
      { type: 'text', text: 'Here:' },
      { type: 'image', data: 'iVBORw==', mediaType: 'image/png' },
      { type: 'file', data: 'SUQz', mediaType: 'audio/mp3' },
    ]);
  });

  it('answers with null content when the model gives no text', async () => {
    const response = await new AISDKChatModel(
      generatingModel(generated([toolCall('c', 'add', { a: 1, b: 2 })], finish('tool-calls'))),
    ).complete(request([{ role: 'user', content: 'add' }]));
    expect(response.message.content).toBeNull();
  });
});
