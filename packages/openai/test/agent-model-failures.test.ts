import 'reflect-metadata';
import { Agent, ModelCallError, ToolRegistry } from '@toolcraft/core';
import { OpenAIChatModel } from '../src/index';
import { errorReply, textReply, toolCallsReply } from './support/chat-completion-replies';
import { FakeOpenAIServer } from './support/fake-openai-server';
import { AddTool } from './support/test-tools';

async function rejection(promise: Promise<unknown>): Promise<ModelCallError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!ModelCallError.isInstance(error)) throw new Error(`expected a ModelCallError, got ${String(error)}`);
  return error;
}

describe('Agent with OpenAIChatModel: failures, retries and aborts', () => {
  let server: FakeOpenAIServer;
  let add: AddTool;
  let waits: number[];

  // The backoff waits are recorded, not slept: the tests never race real time.
  function agent(maxRetries = 2): Agent {
    return new Agent({
      model: new OpenAIChatModel({ client: server.client(), model: 'gpt-4o-mini' }),
      registry: ToolRegistry.of(add),
      retry: { maxRetries, baseDelayMs: 1, maxDelayMs: 5_000, random: () => 0.5, sleep: async (ms) => void waits.push(ms) },
    });
  }

  beforeEach(async () => {
    server = await FakeOpenAIServer.start();
    add = new AddTool();
    waits = [];
  });
  afterEach(() => server.close());

  it('retries a 429 that carries retry-after after waiting that long, then succeeds', async () => {
    server.reply(errorReply(429, { 'retry-after': '2' }, 'Rate limit reached'), textReply('Hello.'));
    const run = await agent().run('Hi');

    expect(run.text).toBe('Hello.');
    expect(run.stopReason).toBe('completed');
    expect(server.chatBodies).toHaveLength(2);
    expect(waits).toEqual([2_000]);
  });

  it('retries a 409 like a 5xx (the one retry rule of core and the openai client)', async () => {
    server.reply(errorReply(409, {}, 'Conflict'), textReply('Hello.'));
    expect((await agent().run('Hi')).text).toBe('Hello.');
    expect(server.chatBodies).toHaveLength(2);
  });

  it('retries a 500 up to maxRetries, then fails with an error that says how many attempts were made', async () => {
    server.reply(errorReply(500), errorReply(500), errorReply(500), textReply('never sent'));
    const error = await rejection(agent(2).run('Hi'));

    expect(error).toMatchObject({ status: 500, retryable: true, attempts: 3 });
    expect(error.message).toMatch(/3 attempts/);
    expect(server.chatBodies).toHaveLength(3);
    expect(waits).toEqual([0, 1]);
  });

  it('does not retry a 401', async () => {
    server.reply(errorReply(401, {}, 'Incorrect API key provided'), textReply('never sent'));
    const error = await rejection(agent().run('Hi'));

    expect(error).toMatchObject({ status: 401, retryable: false });
    expect(error.message).toMatch(/Incorrect API key/);
    expect(server.chatBodies).toHaveLength(1);
  });

  it('stops with stopReason aborted when the signal aborts in the middle of a run', async () => {
    const controller = new AbortController();
    server.reply(toolCallsReply({ id: 'call_1', name: 'add', arguments: '{"a":1,"b":1}' }), () => {
      controller.abort();
      return { hang: true };
    });
    const run = await agent().run('1 + 1?', { signal: controller.signal });

    expect(run.stopReason).toBe('aborted');
    expect(add.calls).toHaveLength(1);
    expect(server.chatBodies).toHaveLength(2);
  });
});
