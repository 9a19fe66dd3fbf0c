import 'reflect-metadata';
import { ModelCallError, ToolRegistry, type ChatMessage, type ChatRequest } from '@toolcraft/core';
import { toolDefinitions } from '@toolcraft/core/internal';
import { GoogleGenAI } from '@google/genai';
import { GeminiChatModel } from '../src';
import { FakeGeminiServer } from './support/fake-gemini-server';
import { candidateReply, textReply } from './support/gemini-replies';
import { AddTool, GreetTool } from './support/test-tools';

describe('GeminiChatModel.complete: the transcript', () => {
  let server: FakeGeminiServer;
  const tools = Object.freeze(toolDefinitions(ToolRegistry.of(new AddTool(), new GreetTool()).tools));

  beforeEach(async () => {
    server = await FakeGeminiServer.start();
  });
  afterEach(() => server.close());

  function model(name = 'gemini-2.5-flash', options: Partial<ConstructorParameters<typeof GeminiChatModel>[0]> = {}): GeminiChatModel {
    return new GeminiChatModel({ model: name, client: server.client(), ...options });
  }

  function request(messages: ChatMessage[], extra: Partial<ChatRequest> = {}): ChatRequest {
    return { messages, tools: [...tools], ...extra };
  }

  it('names the provider, the model and the server for traces', () => {
    const gemini = model();
    expect(gemini.provider).toBe('gcp.gemini');
    expect(gemini.modelId).toBe('gemini-2.5-flash');
    expect(gemini.server).toEqual({ address: '127.0.0.1', port: Number(new URL(server.baseUrl).port) });
    const vertex = new GeminiChatModel({
      model: 'gemini-2.5-flash',
      client: new GoogleGenAI({ vertexai: true, project: 'p', location: 'us-central1' }),
    });
    expect(vertex.provider).toBe('gcp.vertex_ai');
    expect(vertex.server).toEqual({ address: 'us-central1-aiplatform.googleapis.com', port: 443 });
    expect(new GeminiChatModel({ model: 'gemini-2.5-flash', apiKey: 'key' }).server).toEqual({
      address: 'generativelanguage.googleapis.com',
      port: 443,
    });
  });

  it('sends the system messages as the systemInstruction and the user turn, with the tools, to generateContent', async () => {
    server.reply({ body: textReply('Hello!') });
    const response = await model().complete(
      request([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ]),
    );

    expect(response).toEqual({
      message: { role: 'assistant', content: 'Hello!' },
      finishReason: 'stop',
      usage: { inputTokens: 12, outputTokens: 5, totalTokens: 17 },
      id: 'resp-1',
      modelId: 'gemini-2.5-flash',
    });
    const [sent] = server.requests;
    expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(sent.headers['x-goog-api-key']).toBe('test-key');
    expect(sent.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      tools: [
        {
          functionDeclarations: [
            {
              name: 'add',
              description: 'Adds two integers.',
              parameters: {
                type: 'OBJECT',
                properties: {
                  a: { type: 'INTEGER', description: 'The first integer' },
                  b: { type: 'INTEGER', description: 'The second integer' },
                },
                required: ['a', 'b'],
              },
            },
            {
              name: 'greet',
              description: 'Greets a person.',
              parameters: {
                type: 'OBJECT',
                properties: {
                  name: { type: 'STRING', description: 'Who to greet' },
                  title: { type: 'STRING', description: 'An optional title, e.g. Dr' },
                },
                required: ['name'],
              },
            },
          ],
        },
      ],
      generationConfig: {},
    });
  });

  it('reads a tool-call turn with thought signatures, then sends the calls, their signatures and the function responses back where they came from', async () => {
    server.reply(
      {
        body: candidateReply(
          [
            { text: 'Let me think.', thought: true, thoughtSignature: 'sig-thought' },
            { text: 'Adding now.' },
            { functionCall: { id: 'fc-1', name: 'add', args: { a: 3, b: 4 } }, thoughtSignature: 'sig-call' },
            { functionCall: { id: 'fc-2', name: 'greet', args: { name: 'Ada' } } },
          ],
          {
            usage: {
              promptTokenCount: 30,
              candidatesTokenCount: 10,
              thoughtsTokenCount: 7,
              cachedContentTokenCount: 20,
              totalTokenCount: 47,
            },
          },
        ),
      },
      { body: textReply('3 + 4 = 7. Hello, Ada!') },
    );
    const gemini = model();
    const first = await gemini.complete(request([{ role: 'user', content: 'Add 3 and 4, and greet Ada.' }]));

    expect(first.finishReason).toBe('tool_calls');
    expect(first.usage).toEqual({ inputTokens: 30, outputTokens: 17, totalTokens: 47, cachedInputTokens: 20, reasoningTokens: 7 });
    expect(first.message).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Let me think.', providerMetadata: { google: { thoughtSignature: 'sig-thought' } } },
        { type: 'text', text: 'Adding now.' },
      ],
      toolCalls: [
        {
          id: 'fc-1',
          name: 'add',
          arguments: '{"a":3,"b":4}',
          providerMetadata: { google: { callId: 'fc-1', thoughtSignature: 'sig-call' } },
        },
        { id: 'fc-2', name: 'greet', arguments: '{"name":"Ada"}', providerMetadata: { google: { callId: 'fc-2' } } },
      ],
    });

    // The run may rename ids (unique in the whole run); the answer still goes back under Gemini's id, in call order.
    const calls = first.message.toolCalls!.map((call, index) => ({ ...call, id: `run-${index}` }));
    const second = await gemini.complete(
      request([
        { role: 'user', content: 'Add 3 and 4, and greet Ada.' },
        { ...first.message, toolCalls: calls },
        { role: 'tool', toolCallId: 'run-1', name: 'greet', content: 'Hello, Ada!' },
        { role: 'tool', toolCallId: 'run-0', name: 'add', content: 'Error: overflow', isError: true },
      ]),
    );

    expect(second.message.content).toBe('3 + 4 = 7. Hello, Ada!');
    expect(server.bodies[1].contents).toEqual([
      { role: 'user', parts: [{ text: 'Add 3 and 4, and greet Ada.' }] },
      {
        role: 'model',
        parts: [
          { text: 'Let me think.', thought: true, thoughtSignature: 'sig-thought' },
          { text: 'Adding now.' },
          { functionCall: { id: 'fc-1', name: 'add', args: { a: 3, b: 4 } }, thoughtSignature: 'sig-call' },
          { functionCall: { id: 'fc-2', name: 'greet', args: { name: 'Ada' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'fc-1', name: 'add', response: { error: 'Error: overflow' } } },
          { functionResponse: { id: 'fc-2', name: 'greet', response: { output: 'Hello, Ada!' } } },
        ],
      },
    ]);
  });

  it('gives parallel calls without ids unique ids, and answers them by position without an id', async () => {
    server.reply(
      {
        body: candidateReply([
          { functionCall: { name: 'add', args: { a: 1, b: 2 } }, thoughtSignature: 'sig-first' },
          { functionCall: { name: 'add', args: { a: 3, b: 4 } } },
        ]),
      },
      { body: textReply('3 and 7.') },
    );
    const gemini = model();
    const first = await gemini.complete(request([{ role: 'user', content: 'Two sums.' }]));
    const [a, b] = first.message.toolCalls ?? [];

    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^gemini_/);
    expect(a.providerMetadata).toEqual({ google: { thoughtSignature: 'sig-first' } });
    expect(b.providerMetadata).toBeUndefined();
    await gemini.complete(
      request([
        { role: 'user', content: 'Two sums.' },
        first.message,
        { role: 'tool', toolCallId: b.id, name: 'add', content: '7' },
        { role: 'tool', toolCallId: a.id, name: 'add', content: '3' },
      ]),
    );
    expect(server.bodies[1].contents).toEqual([
      { role: 'user', parts: [{ text: 'Two sums.' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'add', args: { a: 1, b: 2 } }, thoughtSignature: 'sig-first' },
          { functionCall: { name: 'add', args: { a: 3, b: 4 } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'add', response: { output: '3' } } },
          { functionResponse: { name: 'add', response: { output: '7' } } },
        ],
      },
    ]);
  });

  it("keeps a signed text part's signature on the assistant message and sends it back on that part", async () => {
    server.reply({ body: candidateReply([{ text: 'Done.', thoughtSignature: 'sig-text' }]) }, { body: textReply('ok') });
    const gemini = model();
    const first = await gemini.complete(request([{ role: 'user', content: 'Go' }]));

    expect(first.message).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: 'Done.' }],
      providerMetadata: { google: { textSignatures: ['sig-text'] } },
    });
    await gemini.complete(request([{ role: 'user', content: 'Go' }, first.message, { role: 'user', content: 'Again' }]));
    expect(server.bodies[1].contents).toEqual([
      { role: 'user', parts: [{ text: 'Go' }] },
      { role: 'model', parts: [{ text: 'Done.', thoughtSignature: 'sig-text' }] },
      { role: 'user', parts: [{ text: 'Again' }] },
    ]);
  });

  it("sends a user's images and files as inlineData, and URLs as fileData", async () => {
    server.reply({ body: textReply('A cat.') });
    await model().complete(
      request([
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
            { type: 'file', data: new URL('https://generativelanguage.googleapis.com/v1beta/files/abc'), mediaType: 'application/pdf' },
          ],
        },
      ]),
    );
    expect(server.bodies[0].contents).toEqual([
      {
        role: 'user',
        parts: [
          { text: 'What is this?' },
          { inlineData: { data: 'iVBORw0KGgo=', mimeType: 'image/png' } },
          { fileData: { fileUri: 'https://generativelanguage.googleapis.com/v1beta/files/abc', mimeType: 'application/pdf' } },
        ],
      },
    ]);
  });

  it('sends an image a tool answered with in the function response parts to Gemini 3, and refuses it for Gemini 2.5, naming the tool', async () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'Draw' },
      {
        role: 'assistant',
        content: null,
        toolCalls: [{ id: 'c1', name: 'draw', arguments: '{}', providerMetadata: { google: { callId: 'c1' } } }],
      },
      {
        role: 'tool',
        toolCallId: 'c1',
        name: 'draw',
        content: [
          { type: 'text', text: 'Here.' },
          { type: 'image', data: 'AAAA', mediaType: 'image/png' },
        ],
      },
    ];
    server.reply({ body: textReply('Nice.') });
    await model('gemini-3-pro-preview').complete(request(messages));
    expect((server.bodies[0].contents as unknown[])[2]).toEqual({
      role: 'user',
      parts: [
        {
          functionResponse: {
            id: 'c1',
            name: 'draw',
            response: { output: 'Here.' },
            parts: [{ inlineData: { data: 'AAAA', mimeType: 'image/png' } }],
          },
        },
      ],
    });

    const refused = model('gemini-2.5-flash').complete(request(messages));
    await expect(refused).rejects.toThrow(ModelCallError);
    await expect(refused).rejects.toThrow(/Tool 'draw' answered with an image, but model 'gemini-2.5-flash' takes only text/);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses, before sending, a transcript with nothing but system messages', async () => {
    await expect(model().complete(request([{ role: 'system', content: 'x' }]))).rejects.toThrow(/no user or model message/);
    expect(server.requests).toHaveLength(0);
  });
});
