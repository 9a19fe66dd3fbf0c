import { Redis } from 'ioredis';
import { RedisCheckpointStore, RedisSessionStore, RedisStoreError } from '@toolcraft/redis';
import { OwnRedisServer } from './support/own-redis-server';
import { ReplyDroppingProxy } from './support/reply-dropping-proxy';

const key = { appName: 'shop', userId: 'ada', sessionId: 's1' };
const user = (content: string) => ({ role: 'user' as const, content });

/** Waits for a client's next `event` (not `events.once`: the client's error events while down must not reject it). */
const next = (client: Redis, event: 'close' | 'reconnecting') => new Promise<void>((resolve) => client.once(event, () => resolve()));

/** Waits until a client has noticed that its server went away (its connection closed). */
async function disconnected(client: Redis): Promise<void> {
  if (client.status === 'ready') await next(client, 'close');
}

describe('a Redis store when the server restarts mid-run', () => {
  let server: OwnRedisServer;

  beforeAll(async () => {
    server = await OwnRedisServer.start();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('reconnects, and a save issued while the server was down lands once it is back', async () => {
    const client = new Redis(server.url);
    client.on('error', () => undefined);
    const store = new RedisCheckpointStore({ connection: client, keyPrefix: 'restart:' });
    await store.save('run-1', { step: 1 });

    await server.stop();
    await disconnected(client);
    const saved = store.save('run-1', { step: 2 });
    await next(client, 'reconnecting'); // a reconnect attempt failed while the server was down
    await server.restart();
    await saved;

    // The server kept nothing (no persistence): the save made while it was down is the first one it has.
    expect(await store.load('run-1')).toEqual({ checkpoint: { step: 2 }, version: 1 });
    client.disconnect();
  });

  it('tells a save that could not reach the server as an error, never as success', async () => {
    const client = new Redis(server.url, { maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    const store = new RedisCheckpointStore({ connection: client, keyPrefix: 'restart:' });
    await store.save('run-2', { step: 1 });

    await server.stop();
    await disconnected(client);
    const failure = store.save('run-2', { step: 2 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    const error = await failure;
    expect(error).toBeInstanceOf(RedisStoreError);
    expect(String(error)).toMatch(/could not save the checkpoint \(key 'restart:checkpoint:run-2'\).*Nothing was written/);

    await server.restart();
    // The client is back by itself; the caller retries the write it was told failed.
    await store.save('run-2', { step: 2 });
    expect(await store.load('run-2')).toEqual({ checkpoint: { step: 2 }, version: 1 });
    client.disconnect();
  });

  it('closes its own client from a URL even while the server is down', async () => {
    const store = new RedisCheckpointStore({ url: server.url, keyPrefix: 'restart:' });
    await store.save('run-3', { step: 1 });
    await server.stop();
    await store.close();
    await server.restart();
  });

  it('a session append issued while the server was down lands once, when it is back', async () => {
    const client = new Redis(server.url);
    client.on('error', () => undefined);
    const store = new RedisSessionStore({ connection: client, keyPrefix: 'restart:' });
    await store.append(key, { messages: [user('before')], stateDelta: {} });

    await server.stop();
    await disconnected(client);
    const appended = store.append(key, { messages: [user('during')], stateDelta: { step: 2 } });
    await next(client, 'reconnecting'); // a reconnect attempt failed while the server was down
    await server.restart();

    // The server kept nothing (no persistence); the append made while it was down is there, once.
    await expect(appended).resolves.toMatchObject({ messages: [user('during')], version: 1 });
    await expect(store.load(key)).resolves.toMatchObject({ messages: [user('during')], state: { step: 2 }, version: 1 });
    client.disconnect();
  });

  it('a session append whose reply was lost is sent again but applied once', async () => {
    const proxy = await ReplyDroppingProxy.start(server.port);
    const client = new Redis(proxy.url);
    client.on('error', () => undefined);
    const store = new RedisSessionStore({ connection: client, keyPrefix: 'lost-reply:' });
    await store.append({ ...key, sessionId: 'warm-up' }, { messages: [], stateDelta: {} });
    await store.append(key, { messages: [user('one')], stateDelta: {} });

    proxy.dropNextReply();
    const after = await store.append(key, { messages: [user('two')], stateDelta: { n: 2 } });

    expect(after).toMatchObject({ messages: [user('one'), user('two')], version: 2 });
    await expect(store.load(key)).resolves.toMatchObject({ messages: [user('one'), user('two')], version: 2 });
    client.disconnect();
    await proxy.close();
  });

  it('a session append whose reply was lost is applied once, even when another worker appended before it was sent again', async () => {
    const proxy = await ReplyDroppingProxy.start(server.port);
    const client = new Redis(proxy.url);
    client.on('error', () => undefined);
    const other = new Redis(server.url);
    const store = new RedisSessionStore({ connection: client, keyPrefix: 'lost-reply-between:' });
    const otherWorker = new RedisSessionStore({ connection: other, keyPrefix: 'lost-reply-between:' });
    await store.append(key, { messages: [user('one')], stateDelta: {} });

    // The reply is lost; before the client reconnects and sends the append again, another worker appends.
    proxy.dropNextReply(() => otherWorker.append(key, { messages: [user('other worker')], stateDelta: {} }).then(() => undefined));
    const after = await store.append(key, { messages: [user('two')], stateDelta: { n: 2 } });

    const expected = { messages: [user('one'), user('two'), user('other worker')], state: { n: 2 }, version: 3 };
    expect(after).toMatchObject(expected);
    await expect(store.load(key)).resolves.toMatchObject(expected);
    client.disconnect();
    other.disconnect();
    await proxy.close();
  });

  it('a checkpoint save whose reply was lost is sent again but applied once, and is not told as a conflict', async () => {
    const proxy = await ReplyDroppingProxy.start(server.port);
    const client = new Redis(proxy.url);
    client.on('error', () => undefined);
    const store = new RedisCheckpointStore({ connection: client, keyPrefix: 'lost-reply:' });
    await store.save('run-lost', { step: 1 });

    proxy.dropNextReply();
    await expect(store.save('run-lost', { step: 2 }, { expectedVersion: 1 })).resolves.toBe(2);
    await expect(store.load('run-lost')).resolves.toEqual({ checkpoint: { step: 2 }, version: 2 });
    client.disconnect();
    await proxy.close();
  });

  it('a session append that cannot reach the server is an error, and the turn is not half-written', async () => {
    const client = new Redis(server.url, { maxRetriesPerRequest: 1 });
    client.on('error', () => undefined);
    const store = new RedisSessionStore({ connection: client, keyPrefix: 'down:' });
    await server.stop();
    await disconnected(client);
    await expect(store.append(key, { messages: [user('turn')], stateDelta: {} })).rejects.toThrow(
      /could not append to the session \(key 'down:\{shop\}:session:ada:s1'\).*Nothing was written/,
    );
    await server.restart();
    await expect(store.load(key)).resolves.toMatchObject({ messages: [], version: 0 });
    client.disconnect();
  });
});
