import {
  Agent,
  CorruptSessionError,
  Tool,
  UnsupportedSessionFormatError,
  type AssistantMessage,
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  type SessionKey,
  contentText,
} from '@toolcraft/core';
import type { Redis } from 'ioredis';
import { RedisSessionStore } from '@toolcraft/redis';
import { deleteKeysUnder, keysUnder, sharedRedis, uniqueKeyPrefix } from './support/test-redis';

const user = (content: string): ChatMessage => ({ role: 'user', content });
const key: SessionKey = { appName: 'shop', userId: 'ada', sessionId: 's1' };

describe('RedisSessionStore', () => {
  const keyPrefix = uniqueKeyPrefix('sessions');
  let client: Redis;
  let store: RedisSessionStore;
  let session = 0;
  /** A fresh session key per test. */
  const fresh = (): SessionKey => ({ ...key, sessionId: `s${++session}` });

  beforeAll(() => {
    client = sharedRedis();
    store = new RedisSessionStore({ connection: client, keyPrefix });
  });
  afterAll(async () => {
    await deleteKeysUnder(client, keyPrefix);
    client.disconnect();
  });

  it('never loses a turn when two workers, each with its own connection, append to one session', async () => {
    const at = fresh();
    const workers = [sharedRedis(), sharedRedis()].map((connection) => ({
      connection,
      store: new RedisSessionStore({ connection, keyPrefix }),
    }));
    const turns = 25;
    await Promise.all(
      workers.map(async (worker, index) => {
        for (let turn = 0; turn < turns; turn++) {
          await worker.store.append(at, {
            messages: [user(`w${index} t${turn}`)],
            stateDelta: { [`w${index}`]: turn, 'user:last': index },
          });
        }
      }),
    );
    const loaded = await store.load(at);
    expect(loaded.version).toBe(2 * turns);
    for (const index of [0, 1]) {
      const own = loaded.messages.map((message) => message.content).filter((content) => contentText(content).startsWith(`w${index} `));
      expect(own).toEqual(Array.from({ length: turns }, (_, turn) => `w${index} t${turn}`));
    }
    expect(loaded.state).toMatchObject({ w0: turns - 1, w1: turns - 1 });
    for (const worker of workers) worker.connection.disconnect();
  });

  it('keeps one app’s keys under its hash tag, values as JSON, the session’s format and version in its meta hash', async () => {
    const at = { appName: 'shop:eu', userId: 'ada', sessionId: 'x/1' };
    await store.append(at, { messages: [user('hi')], stateDelta: { 'app:banner': 'sale', 'user:theme': 'dark', cart: 3 } });
    const base = `${keyPrefix}{shop%3Aeu}`;
    expect(await keysUnder(client, base)).toEqual(
      [
        `${base}:app:state`,
        `${base}:session:ada:x%2F1`,
        `${base}:session:ada:x%2F1:appends`,
        `${base}:session:ada:x%2F1:messages`,
        `${base}:session:ada:x%2F1:state`,
        `${base}:user:ada:sessions`,
        `${base}:user:ada:state`,
      ].sort(),
    );
    expect(await client.hgetall(`${base}:session:ada:x%2F1`)).toMatchObject({
      format: 'toolcraft.session',
      formatVersion: '1',
      version: '1',
    });
    expect(await client.lrange(`${base}:session:ada:x%2F1:messages`, 0, -1)).toEqual([JSON.stringify(user('hi'))]);
    expect(await client.hgetall(`${base}:app:state`)).toEqual({ 'app:banner': '"sale"' });
  });

  it('renews the TTL of every key of the session at each append when one is configured', async () => {
    const at = fresh();
    const expiring = new RedisSessionStore({ connection: client, keyPrefix, ttlSeconds: 900 });
    await expiring.append(at, { messages: [user('hi')], stateDelta: { 'app:a': 1, 'user:u': 1, s: 1 } });
    const keys = await keysUnder(client, `${keyPrefix}{shop}`);
    const mine = keys.filter((name) => !name.includes(':session:') || name.includes(`:${at.sessionId}`));
    for (const name of mine) expect(await client.ttl(name)).toBeGreaterThan(0);
  });

  it('refuses what it did not write, naming the key, and leaves it untouched', async () => {
    const at = fresh();
    await store.append(at, { messages: [user('hi')], stateDelta: { cart: 1 } });
    const meta = `${keyPrefix}{shop}:session:ada:${at.sessionId}`;

    await client.rpush(`${meta}:messages`, '{not json');
    await expect(store.load(at)).rejects.toThrow(CorruptSessionError);
    await expect(store.load(at)).rejects.toThrow(`'${meta}:messages' is corrupt: its item 1 is not JSON`);
    await client.rpop(`${meta}:messages`);

    await client.hset(`${meta}:state`, 'cart', 'undefined');
    await expect(store.load(at)).rejects.toThrow(`'${meta}:state' is corrupt: its field 'cart' is not JSON`);
    await client.hset(`${meta}:state`, 'cart', '1');

    await client.hset(meta, 'formatVersion', '2');
    await expect(store.load(at)).rejects.toThrow(UnsupportedSessionFormatError);
    await expect(store.append(at, { messages: [user('lost?')], stateDelta: {} })).rejects.toThrow(`'${meta}' has format version 2`);
    await client.hset(meta, 'formatVersion', '1', 'format', 'something.else');
    await expect(store.append(at, { messages: [user('lost?')], stateDelta: {} })).rejects.toThrow(/its format is something.else/);
    expect(await client.llen(`${meta}:messages`)).toBe(1);

    await client.del(meta);
    await client.set(meta, 'a string');
    await expect(store.load(at)).rejects.toThrow(`'${meta}' is corrupt: it is a Redis string, expected a hash`);
    expect(await client.get(meta)).toBe('a string');
  });

  it('an aborted signal writes nothing; a load stops waiting when its signal aborts', async () => {
    const at = fresh();
    const controller = new AbortController();
    controller.abort(new Error('user left'));
    await expect(store.append(at, { messages: [user('hi')], stateDelta: {} }, { signal: controller.signal })).rejects.toThrow('user left');
    await expect(store.load(at, { signal: controller.signal })).rejects.toThrow('user left');
    expect((await store.load(at)).version).toBe(0);
  });
});

/** A model answering from a list, one answer per request, and keeping the requests. */
function listModel(answers: Array<Pick<AssistantMessage, 'content' | 'toolCalls'>>): ChatModel & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    requests,
    complete: (request) => {
      requests.push(request);
      const answer = answers[requests.length - 1] ?? { content: 'no more answers' };
      return Promise.resolve({ message: { role: 'assistant', ...answer } });
    },
  };
}

/** A tool that needs approval and records the paths it ran with. */
class ApprovalTool extends Tool<{ path: string }, string> {
  readonly ran: string[] = [];
  constructor(name: string) {
    super({
      name,
      description: `${name} a path`,
      argsType: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      effects: 'write',
      needsApproval: true,
    });
  }
  execute(args: { path: string }): string {
    this.ran.push(args.path);
    return `${this.name} ${args.path}`;
  }
}

describe('RedisSessionStore as the session of runs', () => {
  const keyPrefix = uniqueKeyPrefix('agent-sessions');
  let client: Redis;
  let store: RedisSessionStore;
  beforeAll(() => {
    client = sharedRedis();
    store = new RedisSessionStore({ connection: client, keyPrefix });
  });
  afterAll(async () => {
    await deleteKeysUnder(client, keyPrefix);
    client.disconnect();
  });

  it('gets every distinct save of a paused, resumed run (none taken for a re-send), each call answered once', async () => {
    const at: SessionKey = { ...key, sessionId: 'paused' };
    const refund = new ApprovalTool('refund');
    const email = new ApprovalTool('email');
    const model = listModel([
      {
        content: null,
        toolCalls: [
          { id: 'c1', name: 'refund', arguments: '{"path":"/o/1"}' },
          { id: 'c2', name: 'email', arguments: '{"path":"/u/1"}' },
        ],
      },
      { content: 'Done.' },
    ]);
    const agent = new Agent({ model, tools: [refund, email] });
    const paused = await agent.run('refund and email', { session: store.open(at) });
    const again = await agent.resume(paused.state, { session: store.open(at) }); // no decision: stops again, saves nothing new
    again.state.approve('c1');
    const half = await agent.resume(again.state, { session: store.open(at) });
    half.state.approve('c2');
    const done = await agent.resume(half.state, { session: store.open(at) });
    expect(done.text).toBe('Done.');
    const saved = (await store.load(at)).messages;
    expect(saved.filter((message) => message.role === 'tool').map((message) => message.toolCallId)).toEqual(['c1', 'c2']);
    const notes = saved.filter((message) => message.role === 'user').map((message) => contentText(message.content));
    expect(notes).toEqual([
      'refund and email',
      expect.stringMatching(/^The tool call c1 \(refund\).*\nrefund \/o\/1$/s),
      expect.stringMatching(/^The tool call c2 \(email\).*\nemail \/u\/1$/s),
    ]);
    expect(saved.at(-1)).toMatchObject({ role: 'assistant', content: 'Done.' });
  });

  it('refuses a run on a session whose state another client gave a __proto__ field, naming the session', async () => {
    const at: SessionKey = { ...key, sessionId: 'proto' };
    await store.open(at).append({ messages: [user('hi')], stateDelta: { plan: 'gold' } });
    const stateKey = (await keysUnder(client, keyPrefix)).find((name) => name.endsWith(':proto:state'));
    expect(stateKey).toBeDefined();
    await client.hset(stateKey!, '__proto__', JSON.stringify({ polluted: true }));
    const model = listModel([{ content: 'never' }]);
    const running = new Agent({ model }).run('hello', { session: store.open(at) });
    await expect(running).rejects.toThrow(CorruptSessionError);
    await expect(running).rejects.toThrow("Session record 'shop/ada/proto' is corrupt: its state has a '__proto__' key");
    expect(model.requests).toHaveLength(0);
  });
});
