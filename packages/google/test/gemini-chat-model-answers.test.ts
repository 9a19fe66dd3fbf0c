import 'reflect-metadata';
import { ModelCallError, ToolRegistry, type ChatMessage, type ChatRequest } from '@toolcraft/core';
import { toolDefinitions } from '@toolcraft/core/internal';
import { z } from 'zod';
import { GeminiChatModel, toGeminiTools } from '../src';
import { FakeGeminiServer } from './support/fake-gemini-server';
import { candidateReply, textReply } from './support/gemini-replies';
import { AddTool, GreetTool, OrderTool, SchemaTool } from './support/test-tools';

describe('GeminiChatModel.complete: the request options and the answer', () => {
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

  it('maps the tool choice, the settings, structured output and providerOptions.google to the request', async () => {
    server.reply({ body: textReply('{"total":3}') }, { body: textReply('x') }, { body: textReply('x') }, { body: textReply('x') });
    const gemini = model('gemini-2.5-flash', { config: { topK: 20, thinkingConfig: { includeThoughts: true }, temperature: 0.1 } });
    await gemini.complete(
      request([{ role: 'user', content: 'Sum' }], {
        toolChoice: { name: 'add' },
        settings: { temperature: 0.5, topP: 0.9, maxOutputTokens: 100, stopSequences: ['END'], seed: 7 },
        responseFormat: {
          name: 'invoice',
          schema: { type: 'object', properties: { total: { type: 'integer', minimum: 0 } }, required: ['total'] },
        },
        providerOptions: {
          google: {
            // What the model sets from the request itself is not taken from providerOptions.
            tools: [{ googleSearch: {} }],
            toolConfig: { functionCallingConfig: { mode: 'NONE' } },
            thinkingConfig: { thinkingBudget: 256 },
            safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
          },
        },
      }),
    );
    const body = server.bodies[0];
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['add'] } });
    expect((body.tools as Array<Record<string, unknown>>).map((tool) => Object.keys(tool))).toEqual([['functionDeclarations']]);
    expect(body.safetySettings).toEqual([{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }]);
    expect(body.generationConfig).toEqual({
      temperature: 0.5,
      topP: 0.9,
      topK: 20,
      maxOutputTokens: 100,
      stopSequences: ['END'],
      seed: 7,
      responseMimeType: 'application/json',
      responseSchema: { type: 'OBJECT', properties: { total: { type: 'INTEGER', minimum: 0 } }, required: ['total'] },
      thinkingConfig: { includeThoughts: true, thinkingBudget: 256 },
    });
    for (const [choice, mode] of [
      ['auto', 'AUTO'],
      ['none', 'NONE'],
      ['required', 'ANY'],
    ] as const) {
      await gemini.complete(request([{ role: 'user', content: 'x' }], { toolChoice: choice }));
      expect(server.bodies.at(-1)?.toolConfig).toEqual({ functionCallingConfig: { mode } });
    }
  });

  it("sends the converted schemas as toGeminiTools gives them: the SDK's own rewrite of parameters leaves them unchanged", async () => {
    const zodTool = new SchemaTool(
      'shape',
      z.toJSONSchema(
        z.object({
          shape: z.discriminatedUnion('kind', [
            z.object({ kind: z.literal('circle'), r: z.number().min(0) }),
            z.object({ kind: z.literal('square') }),
          ]),
          label: z.string().max(20).nullable(),
          size: z.union([z.literal(1), z.literal(2)]).optional(),
        }),
      ) as never,
    );
    const definitions = Object.freeze(toolDefinitions(ToolRegistry.of(new OrderTool(), zodTool).tools));
    server.reply({ body: textReply('x') });
    await model().complete({ messages: [{ role: 'user', content: 'x' }], tools: [...definitions] });
    expect(server.bodies[0].tools).toEqual(toGeminiTools(definitions));
  });

  it('sends no tools and no tool config when the request has no tools', async () => {
    server.reply({ body: textReply('x') });
    await model().complete({ messages: [{ role: 'user', content: 'x' }], tools: [], toolChoice: 'required' });
    expect(server.bodies[0]).not.toHaveProperty('tools');
    expect(server.bodies[0]).not.toHaveProperty('toolConfig');
  });

  it.each([
    ['STOP', 'stop'],
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content_filter'],
    ['RECITATION', 'content_filter'],
    ['BLOCKLIST', 'content_filter'],
    ['PROHIBITED_CONTENT', 'content_filter'],
    ['SPII', 'content_filter'],
    ['LANGUAGE', 'other'],
    ['OTHER', 'other'],
    ['FINISH_REASON_UNSPECIFIED', 'other'],
  ])('maps the finish reason %s to %s', async (reason, expected) => {
    server.reply({ body: textReply('Some text.', { finishReason: reason }) });
    const response = await model().complete(request([{ role: 'user', content: 'x' }]));
    expect(response.finishReason).toBe(expected);
  });

  it('answers a candidate cut by the token limit or a filter with its finish reason, even without text', async () => {
    server.reply(
      { body: candidateReply([], { finishReason: 'MAX_TOKENS' }) },
      { body: { candidates: [{ finishReason: 'SAFETY', index: 0 }] } },
    );
    expect(await model().complete(request([{ role: 'user', content: 'x' }]))).toMatchObject({
      message: { content: null },
      finishReason: 'length',
    });
    expect(await model().complete(request([{ role: 'user', content: 'x' }]))).toMatchObject({
      message: { content: null },
      finishReason: 'content_filter',
    });
  });

  it.each([
    ['MALFORMED_FUNCTION_CALL', /could not make the function call it tried \(finishReason MALFORMED_FUNCTION_CALL\)/],
    ['UNEXPECTED_TOOL_CALL', /could not make the function call it tried \(finishReason UNEXPECTED_TOOL_CALL/],
    ['STOP', /answered with an empty candidate: no text and no function call \(finishReason STOP/],
  ])('fails an empty candidate with %s clearly and retryably', async (reason, message) => {
    // The SDK reads no finishMessage from the Gemini API (only from Vertex AI).
    server.reply({ body: candidateReply([], { finishReason: reason, finishMessage: 'Malformed function call: add(a=)' }) });
    const error = await model()
      .complete(request([{ role: 'user', content: 'x' }]))
      .catch((thrown: unknown) => thrown);
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ retryable: true, provider: 'google' });
    expect((error as Error).message).toMatch(message);
  });

  it('fails a blocked prompt with its block reason and ratings, not as an empty answer', async () => {
    server.reply({
      body: {
        promptFeedback: {
          blockReason: 'SAFETY',
          safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'HIGH', blocked: true }],
        },
        usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 },
      },
    });
    const error = await model()
      .complete(request([{ role: 'user', content: 'x' }]))
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ name: 'ModelCallError', retryable: false, provider: 'google' });
    expect((error as Error).message).toBe(
      "Gemini (model 'gemini-2.5-flash') blocked the prompt (promptFeedback.blockReason SAFETY); safety ratings: HARM_CATEGORY_DANGEROUS_CONTENT: HIGH; " +
        'change the prompt or the safetySettings',
    );
  });

  it('fails an answer without candidates clearly', async () => {
    server.reply({ body: { usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 }, modelVersion: 'gemini-2.5-flash' } });
    await expect(model().complete(request([{ role: 'user', content: 'x' }]))).rejects.toMatchObject({
      message: "Gemini (model 'gemini-2.5-flash') answered with no candidates and no promptFeedback saying why",
      retryable: true,
    });
  });
});
