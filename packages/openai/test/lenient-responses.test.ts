import 'reflect-metadata';
import { Agent, ModelCallError, ToolRegistry } from '@toolcraft/core';
import { OpenAIChatModel } from '../src/index';
import { textReply } from './support/chat-completion-replies';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { AddTool } from './support/test-tools';
import OpenAI from 'openai';

/** A raw Chat Completions body, as a loosely compatible server might send it. */
const body = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  body: {
    id: 'chatcmpl-x',
    object: 'chat.completion',
    created: 0,
    model: 'm',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', ...message } }],
    ...extra,
  },
});

describe('OpenAIChatModel with loosely compatible servers', () => {
  let server: FakeOpenAIServer;
  let model: OpenAIChatModel;
  beforeEach(async () => {
    server = await FakeOpenAIServer.start();
    model = new OpenAIChatModel({ client: new OpenAI({ apiKey: 'x', baseURL: server.baseURL, maxRetries: 0 }), model: 'm' });
  });
  afterEach(() => server.close());

  it('accepts usage: null', async () => {
    server.reply(body({ content: 'hi' }, { usage: null }));
    expect(await model.complete({ messages: [{ role: 'user', content: 'x' }], tools: [] })).toEqual({
      message: { role: 'assistant', content: 'hi' },
      finishReason: 'stop',
      id: 'chatcmpl-x',
      modelId: 'm',
    });
  });

  it('treats a tool call without type as a function call and normalises its id, name and arguments', async () => {
    server.reply(
      body({
        content: null,
        tool_calls: [
          { function: { name: 'add', arguments: { a: 1, b: 2 } } },
          { id: 'call_b', type: 'function', function: { arguments: '{}' } },
        ],
      }),
    );
    const response = await model.complete({ messages: [{ role: 'user', content: 'x' }], tools: [] });
    expect(response.message.toolCalls).toEqual([
      { id: '', name: 'add', arguments: '{"a":1,"b":2}' },
      { id: 'call_b', name: '', arguments: '{}' },
    ]);
  });

  it('reports a 200 answer with an error body as that error', async () => {
    server.reply({ body: { error: { message: 'model overloaded', code: 'busy' } } });
    await expect(model.complete({ messages: [{ role: 'user', content: 'x' }], tools: [] })).rejects.toThrow(
      /answered with an error: model overloaded/,
    );
  });

  it('does not retry a 429 for an exhausted quota', async () => {
    server.reply({
      status: 429,
      body: { error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' } },
    });
    const error = await model.complete({ messages: [{ role: 'user', content: 'x' }], tools: [] }).catch((caught: unknown) => caught);
    expect(ModelCallError.isInstance(error) && error.retryable).toBe(false);
  });

  it('runs an agent through calls without ids, giving each a unique generated id', async () => {
    server.reply(
      body({ content: null, tool_calls: [{ type: 'function', function: { name: 'add', arguments: '{"a":1,"b":2}' } }] }),
      body({ content: null, tool_calls: [{ type: 'function', function: { name: 'add', arguments: '{"a":2,"b":2}' } }] }),
      textReply('done'),
    );
    const run = await new Agent({ model, registry: ToolRegistry.of(new AddTool()) }).run('add twice');
    const ids = run.toolCalls.map((call) => call.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => id.length > 0)).toBe(true);
    expect(run.text).toBe('done');
  });

  it('reads usage counts sent as numeric strings as numbers, so an agent run adds them instead of concatenating', async () => {
    const usage = { prompt_tokens: '10', completion_tokens: '7', total_tokens: '17' };
    server.reply(
      body(
        { content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'add', arguments: '{"a":1,"b":2}' } }] },
        { usage },
      ),
      body({ content: 'done' }, { usage }),
    );
    const run = await new Agent({ model, registry: ToolRegistry.of(new AddTool()) }).run('add');
    expect(run.usage).toEqual({ inputTokens: 20, outputTokens: 14, totalTokens: 34 });
  });

  it('counts a malformed usage number as absent: 0, or input plus output for the total', async () => {
    server.reply(body({ content: 'hi' }, { usage: { prompt_tokens: 'many', completion_tokens: -3, total_tokens: { n: 1 } } }));
    server.reply(body({ content: 'hi' }, { usage: { prompt_tokens: 4, completion_tokens: 2.5, total_tokens: 'NaN' } }));
    const request = { messages: [{ role: 'user' as const, content: 'x' }], tools: [] };
    expect((await model.complete(request)).usage).toEqual({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });
    expect((await model.complete(request)).usage).toEqual({ inputTokens: 4, outputTokens: 0, totalTokens: 4 });
  });

  it('joins the text parts of content sent as an array of parts, skipping parts that are not text', async () => {
    server.reply(
      body({
        content: [
          { type: 'text', text: 'Hello, ' },
          { type: 'image_url', image_url: { url: 'https://example.com/x.png' } },
          { type: 'reasoning', text: 'secret thoughts' },
          'world',
          { type: 'output_text', text: '!' },
        ],
      }),
    );
    const run = await new Agent({ model, registry: ToolRegistry.of(new AddTool()) }).run('hi');
    expect(run.text).toBe('Hello, world!');
  });

  it('ignores content that is not text (a number, an object), so the run text stays a string', async () => {
    server.reply(body({ content: 42 }), body({ content: { text: 'not a part list' }, refusal: 7 }));
    const request = { messages: [{ role: 'user' as const, content: 'x' }], tools: [] };
    expect((await model.complete(request)).message.content).toBeNull();
    expect((await model.complete(request)).message.content).toBeNull();
    server.reply(body({ content: 42 }));
    const run = await new Agent({ model, registry: ToolRegistry.of(new AddTool()) }).run('hi');
    expect(typeof run.text).toBe('string');
  });

  it('answers a choice without a message as an empty answer, and ignores tool_calls that are not a list', async () => {
    server.reply(
      { body: { ...body({}).body, choices: [{ index: 0, finish_reason: 'stop' }] } },
      body({ content: 'x', tool_calls: { name: 'add' } }),
    );
    const request = { messages: [{ role: 'user' as const, content: 'x' }], tools: [] };
    expect((await model.complete(request)).message).toEqual({ role: 'assistant', content: null });
    expect((await model.complete(request)).message).toEqual({ role: 'assistant', content: 'x' });
  });

  it('refuses an answer that is not a completion object, or whose choices are not a list, with a clear ModelCallError', async () => {
    server.reply({ body: 'Service Unavailable' }, { body: null }, { body: { ...body({}).body, choices: { 0: null } } });
    const request = { messages: [{ role: 'user' as const, content: 'x' }], tools: [] };
    await expect(model.complete(request)).rejects.toThrow('The model server answered with a string instead of a chat completion object.');
    await expect(model.complete(request)).rejects.toThrow('The model server answered with null instead of a chat completion object.');
    await expect(model.complete(request)).rejects.toThrow("The chat completion 'chatcmpl-x' has no choices.");
  });

  it('reports why the model stopped: a cut-off answer and a refusal', async () => {
    server.reply(
      {
        body: {
          ...body({ content: 'partial' }).body,
          choices: [{ index: 0, finish_reason: 'length', message: { role: 'assistant', content: 'partial' } }],
        },
      },
      body({ content: null, refusal: 'I cannot help with that.' }),
    );
    const request = { messages: [{ role: 'user' as const, content: 'x' }], tools: [] };
    expect((await model.complete(request)).finishReason).toBe('length');
    expect(await model.complete(request)).toMatchObject({ message: { content: 'I cannot help with that.' }, finishReason: 'refusal' });
  });
});
