import 'reflect-metadata';
import { Agent, ProviderSchemaError } from '@toolcraft/core';
import { GeminiChatModel } from '../src';
import { FakeGeminiServer } from './support/fake-gemini-server';
import { candidateReply, streamChunks, textReply } from './support/gemini-replies';
import { AddTool, SchemaTool } from './support/test-tools';

describe('Agent with GeminiChatModel', () => {
  let server: FakeGeminiServer;
  let add: AddTool;

  beforeEach(async () => {
    server = await FakeGeminiServer.start();
    add = new AddTool();
  });
  afterEach(() => server.close());

  function agent(): Agent {
    const gemini = new GeminiChatModel({ model: 'gemini-2.5-flash', client: server.client() });
    return new Agent({ model: gemini, tools: [add], instructions: 'Be brief.', retry: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
  }

  it('runs a tool call turn and the answer turn end to end', async () => {
    server.reply({ body: candidateReply([{ functionCall: { name: 'add', args: { a: 3, b: 4 } } }]) }, { body: textReply('3 + 4 = 7.') });
    const run = await agent().run('What is 3 + 4?');

    expect(run.text).toBe('3 + 4 = 7.');
    expect(run.stopReason).toBe('completed');
    expect(add.calls).toEqual([expect.objectContaining({ a: 3, b: 4 })]);
    expect(run.usage).toMatchObject({ inputTokens: 24, outputTokens: 10, totalTokens: 34 });
    const [first, second] = server.bodies;
    expect(first.systemInstruction).toEqual({ parts: [{ text: 'Be brief.' }] });
    expect(second.contents).toEqual([
      { role: 'user', parts: [{ text: 'What is 3 + 4?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'add', args: { a: 3, b: 4 } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'add', response: { output: '7' } } }] },
    ]);
  });

  it('streams a run: text deltas through agent.stream, the call answered between the two requests', async () => {
    server.reply(
      { sse: streamChunks([], [{ functionCall: { name: 'add', args: { a: 1, b: 1 } } }]) },
      { sse: streamChunks(['1 + 1 ', '= 2.']) },
    );
    const stream = agent().stream('What is 1 + 1?');
    const deltas: string[] = [];
    for await (const event of stream) if (event.type === 'text_delta') deltas.push(event.delta);
    const run = await stream.result;

    expect(deltas).toEqual(['1 + 1 ', '= 2.']);
    expect(run.text).toBe('1 + 1 = 2.');
    expect(server.requests.map((request) => request.path.split(':')[1])).toEqual([
      'streamGenerateContent?alt=sse',
      'streamGenerateContent?alt=sse',
    ]);
  });

  it('retries a 429 and then answers', async () => {
    server.reply(
      { status: 429, body: { error: { code: 429, message: 'Slow down.', status: 'RESOURCE_EXHAUSTED' } } },
      { body: textReply('Hi.') },
    );
    expect((await agent().run('Hello')).text).toBe('Hi.');
    expect(server.requests).toHaveLength(2);
  });

  it('refuses, when the agent is built, a tool whose schema Gemini cannot take', () => {
    const gemini = new GeminiChatModel({ model: 'gemini-2.5-flash', client: server.client() });
    const tags = new SchemaTool('tag', {
      type: 'object',
      properties: { tags: { type: 'array', items: { type: 'string' }, uniqueItems: true } },
    });

    expect(() => new Agent({ model: gemini, tools: [tags] })).toThrow(ProviderSchemaError);
    expect(() => new Agent({ model: gemini, tools: [tags] })).toThrow(
      expect.objectContaining({ toolName: 'tag', path: '$.properties.tags', keyword: 'uniqueItems', provider: 'google' }),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('sends the thought signature of a call back through an Agent run', async () => {
    server.reply(
      { body: candidateReply([{ functionCall: { name: 'add', args: { a: 3, b: 4 } }, thoughtSignature: 'sig-call' }]) },
      { body: textReply('7.') },
    );
    await agent().run('What is 3 + 4?');
    expect(server.bodies[1].contents).toContainEqual({
      role: 'model',
      parts: [{ functionCall: { name: 'add', args: { a: 3, b: 4 } }, thoughtSignature: 'sig-call' }],
    });
  });
});
