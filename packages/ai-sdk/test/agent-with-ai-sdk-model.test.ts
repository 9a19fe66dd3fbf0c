import 'reflect-metadata';
import { APICallError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { Agent, type AgentEvent } from '@toolcraft/core';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { AISDKChatModel } from '../src/index';
import { finish, generated, promptOf, streamed, textStream, toolCall, usage } from './support/model-results';
import { AddTool } from './support/test-tools';

describe('Agent with AISDKChatModel', () => {
  let add: AddTool;

  beforeEach(() => {
    add = new AddTool();
  });

  function agent(languageModel: MockLanguageModelV3): Agent {
    return new Agent({
      model: new AISDKChatModel(languageModel),
      tools: [add],
      instructions: 'You add numbers.',
      retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 },
    });
  }

  it('runs a tool call end to end; the next turn sends the reasoning with its metadata, the call and its result', async () => {
    const languageModel = new MockLanguageModelV3({
      doGenerate: [
        generated(
          [
            { type: 'reasoning', text: 'Add them.', providerMetadata: { anthropic: { signature: 'sig-1' } } },
            toolCall('call-1', 'add', { a: 3, b: 4 }),
          ],
          finish('tool-calls'),
          usage(20, 7),
        ),
        generated([{ type: 'text', text: '3 + 4 = 7.' }], finish('stop'), usage(30, 8)),
      ],
    });
    const run = await agent(languageModel).run('What is 3 + 4?');
    expect(run.text).toBe('3 + 4 = 7.');
    expect(run.stopReason).toBe('completed');
    expect(add.calls).toEqual([expect.objectContaining({ a: 3, b: 4 })]);
    expect(run.usage).toMatchObject({ inputTokens: 50, outputTokens: 15 });
    const [first, second] = languageModel.doGenerateCalls;
    expect(first.tools).toEqual([{ type: 'function', name: 'add', description: 'Adds two integers.', inputSchema: add.inputSchema }]);
    expect(promptOf(second)).toEqual([
      { role: 'system', content: 'You add numbers.' },
      { role: 'user', content: [{ type: 'text', text: 'What is 3 + 4?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Add them.', providerOptions: { anthropic: { signature: 'sig-1' } } },
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'add', input: { a: 3, b: 4 } },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'add', output: { type: 'text', value: '7' } }] },
    ]);
  });

  it("sends a call toolcraft refused back as error-text with toolcraft's violations, for the model to correct", async () => {
    const languageModel = new MockLanguageModelV3({
      doGenerate: [
        generated([toolCall('call-1', 'add', { a: 1, b: 500 })], finish('tool-calls')),
        generated([{ type: 'text', text: 'Sorry.' }]),
      ],
    });
    await agent(languageModel).run('Add 1 and 500.');
    const result = (promptOf(languageModel.doGenerateCalls[1]) as Array<{ content: unknown[] }>).at(-1)!.content[0];
    expect(result).toMatchObject({ type: 'tool-result', toolCallId: 'call-1', output: { type: 'error-text' } });
    expect((result as { output: { value: string } }).output.value).toMatch(/^Error: Invalid arguments for tool 'add':\n.*b.*100/s);
    expect(add.calls).toEqual([]);
  });

  it('streams a run: the text as it arrives, the tool call in between, through doStream', async () => {
    const languageModel = new MockLanguageModelV3({
      doStream: [
        streamed([
          { type: 'tool-call', toolCallId: 'call-1', toolName: 'add', input: '{"a":2,"b":2}' },
          { type: 'finish', finishReason: finish('tool-calls'), usage: usage(10, 3) },
        ]),
        streamed(textStream(['2 + 2', ' = 4.'])),
      ],
    });
    const events: AgentEvent[] = [];
    for await (const event of agent(languageModel).stream('What is 2 + 2?')) events.push(event);
    const deltas = events.flatMap((event) => (event.type === 'text_delta' ? [event.delta] : []));
    expect(deltas).toEqual(['2 + 2', ' = 4.']);
    expect(events.some((event) => event.type === 'tool_call_completed')).toBe(true);
    expect(add.calls).toEqual([expect.objectContaining({ a: 2, b: 2 })]);
    expect(languageModel.doStreamCalls).toHaveLength(2);
    expect(languageModel.doGenerateCalls).toHaveLength(0);
  });

  it("cancels the provider's stream, which ignores its signal, when the reader of a streamed run leaves or the run is aborted", async () => {
    for (const how of ['leave', 'abort'] as const) {
      let cancelled = 0;
      const languageModel = new MockLanguageModelV3({
        doStream: () =>
          Promise.resolve({
            stream: new ReadableStream<LanguageModelV3StreamPart>({
              start(controller) {
                controller.enqueue({ type: 'text-start', id: 't' });
                controller.enqueue({ type: 'text-delta', id: 't', delta: 'Hel' });
              },
              cancel() {
                cancelled++;
              },
            }),
          }),
      });
      const controller = new AbortController();
      const stream = new Agent({ model: new AISDKChatModel(languageModel) }).stream('Hi', { signal: controller.signal });
      for await (const event of stream) {
        if (event.type !== 'text_delta') continue;
        if (how === 'leave') break;
        controller.abort(new Error('stop'));
      }
      await expect(stream.result.then((run) => run.stopReason)).resolves.toBe('aborted');
      await new Promise((resolve) => setImmediate(resolve));
      expect({ how, cancelled }).toEqual({ how, cancelled: 1 });
    }
  });

  it('retries a call the provider marks retryable, then succeeds', async () => {
    let calls = 0;
    const languageModel = new MockLanguageModelV3({
      doGenerate: () => {
        calls++;
        if (calls === 1) {
          return Promise.reject(
            new APICallError({
              message: 'Overloaded',
              url: 'https://api.example.com',
              requestBodyValues: {},
              statusCode: 503,
              isRetryable: true,
            }),
          );
        }
        return Promise.resolve(generated([{ type: 'text', text: 'Hello!' }]));
      },
    });
    const run = await agent(languageModel).run('Hi');
    expect(run.text).toBe('Hello!');
    expect(calls).toBe(2);
  });

  it('asks for structured output with the JSON schema, and decodes the answer into run.output', async () => {
    const languageModel = new MockLanguageModelV3({ doGenerate: generated([{ type: 'text', text: '{"total":1250}' }]) });
    const Invoice = z.object({ total: z.number().int() });
    const invoices = new Agent({ model: new AISDKChatModel(languageModel), outputType: Invoice });
    const run = await invoices.run('Read the receipt.');
    expect(run.output).toEqual({ total: 1250 });
    expect(languageModel.doGenerateCalls[0].responseFormat).toMatchObject({
      type: 'json',
      schema: { type: 'object', properties: { total: { type: 'integer' } } },
    });
  });
});
