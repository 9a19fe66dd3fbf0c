import { CorruptSessionError, UnsupportedSessionFormatError, type ChatMessage, type SessionKey, contentText } from '@toolcraft/core';
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
