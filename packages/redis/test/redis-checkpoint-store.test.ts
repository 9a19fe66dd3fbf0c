import type { Redis } from 'ioredis';
import { RedisCheckpointStore, RedisStoreError, RedisStoreInputError, RedisValueError } from '@toolcraft/redis';
import { deleteKeysUnder, keysUnder, sharedRedis, sharedRedisUrl, uniqueKeyPrefix } from './support/test-redis';

describe('RedisCheckpointStore', () => {
  const keyPrefix = uniqueKeyPrefix('checkpoints');
  let client: Redis;
  let store: RedisCheckpointStore;

  beforeAll(() => {
    client = sharedRedis();
    store = new RedisCheckpointStore({ connection: client, keyPrefix });
  });
  afterAll(async () => {
    await deleteKeysUnder(client, keyPrefix);
    await store.close();
    client.disconnect();
  });

  it('keeps each run under <prefix>checkpoint:<runId> as versioned JSON', async () => {
    await store.save('run-1', { step: 1, transcript: ['hi'] });
    const key = `${keyPrefix}checkpoint:run-1`;
    expect(await keysUnder(client, keyPrefix)).toEqual([key]);
    const stored = JSON.parse((await client.get(key))!);
    expect(stored).toMatchObject({
      format: 'toolcraft.checkpoint',
      formatVersion: 1,
      version: 1,
      runId: 'run-1',
      checkpoint: { step: 1, transcript: ['hi'] },
    });
    expect(typeof stored.savedAt).toBe('string');
  });

  it('encodes the run id so no two runs share a key', async () => {
    await store.save('a:b', { which: 'a:b' });
    await store.save('a%3Ab', { which: 'a%3Ab' });
    expect(await store.load('a:b')).toEqual({ checkpoint: { which: 'a:b' }, version: 1 });
    expect(await store.load('a%3Ab')).toEqual({ checkpoint: { which: 'a%3Ab' }, version: 1 });
  });

  it('loads a checkpoint written before versions as version 1, and compares and sets on it', async () => {
    const key = `${keyPrefix}checkpoint:old-run`;
    await client.set(
      key,
      JSON.stringify({ format: 'toolcraft.checkpoint', formatVersion: 1, runId: 'old-run', savedAt: 'x', checkpoint: { step: 1 } }),
    );
    await expect(store.load('old-run')).resolves.toEqual({ checkpoint: { step: 1 }, version: 1 });
    await expect(store.save('old-run', { step: 2 }, { expectedVersion: 0 })).rejects.toMatchObject({ actualVersion: 1 });
    await expect(store.save('old-run', { step: 2 }, { expectedVersion: 1 })).resolves.toBe(2);
    await expect(store.load('old-run')).resolves.toEqual({ checkpoint: { step: 2 }, version: 2 });
  });

  it('keeps the version with the data, in one value, and refuses a value with a bad version', async () => {
    await store.save('run-v', { step: 1 });
    await store.save('run-v', { step: 2 });
    const key = `${keyPrefix}checkpoint:run-v`;
    expect(JSON.parse((await client.get(key))!)).toMatchObject({ version: 2, checkpoint: { step: 2 } });
    await client.set(key, JSON.stringify({ format: 'toolcraft.checkpoint', formatVersion: 1, version: 'two', checkpoint: {} }));
    await expect(store.load('run-v')).rejects.toThrow(/its version is "two", expected a whole number of at least 1/);
  });

  it('refuses an expectedVersion that is not a whole number, before touching Redis', async () => {
    await expect(store.save('run-bad', {}, { expectedVersion: -1 })).rejects.toThrow(
      /'expectedVersion' must be a whole number of at least 0/,
    );
    expect(await client.exists(`${keyPrefix}checkpoint:run-bad`)).toBe(0);
  });

  it('sets the TTL on each save when one is configured', async () => {
    const expiring = new RedisCheckpointStore({ connection: client, keyPrefix, ttlSeconds: 600 });
    await expiring.save('run-ttl', { step: 1 });
    const ttl = await client.ttl(`${keyPrefix}checkpoint:run-ttl`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600);
    await store.save('run-no-ttl', { step: 1 });
    expect(await client.ttl(`${keyPrefix}checkpoint:run-no-ttl`)).toBe(-1);
  });

  it('refuses a value under its key that it did not write, naming the key', async () => {
    const key = `${keyPrefix}checkpoint:corrupt`;
    await client.set(key, '{"format":"toolcraft.checkpoint",');
    await expect(store.load('corrupt')).rejects.toThrow(RedisValueError);
    await expect(store.load('corrupt')).rejects.toThrow(`'${key}'`);
    await client.set(key, JSON.stringify({ format: 'toolcraft.checkpoint', formatVersion: 99, checkpoint: {} }));
    await expect(store.load('corrupt')).rejects.toThrow(/format version is 99/);
    await client.set(key, JSON.stringify({ format: 'toolcraft.checkpoint', formatVersion: 1, checkpoint: [1] }));
    await expect(store.load('corrupt')).rejects.toThrow(/field 'checkpoint' is not an object/);
    await client.set(key, JSON.stringify({ format: 'toolcraft.session', formatVersion: 1 }));
    await expect(store.load('corrupt')).rejects.toThrow(/expected "toolcraft.checkpoint"/);
  });

  it('refuses a run id that is not a non-empty string before touching Redis', async () => {
    await expect(store.save('', {})).rejects.toThrow(RedisStoreInputError);
    await expect(store.load(42 as unknown as string)).rejects.toThrow("'runId' must be a non-empty string, but was 42");
  });

  it('says what was wrong with its options', () => {
    expect(() => new RedisCheckpointStore({ url: '' })).toThrow(/'url' must be a Redis URL/);
    expect(() => new RedisCheckpointStore({ connection: {} as Redis })).toThrow(/'connection' must be an ioredis client/);
    expect(() => new RedisCheckpointStore({ connection: client, ttlSeconds: 1.5 })).toThrow(/'ttlSeconds' must be a positive whole number/);
    expect(() => new RedisCheckpointStore({ connection: client, keyPrefix: 7 as unknown as string })).toThrow(
      /'keyPrefix' must be a string/,
    );
  });

  it('tells a value that cannot be JSON as a failed save, writing nothing', async () => {
    await expect(store.save('run-bigint', { big: 1n })).rejects.toThrow(RedisStoreError);
    expect(await client.exists(`${keyPrefix}checkpoint:run-bigint`)).toBe(0);
  });

  it('leaves an application connection open on close, and refuses work after it', async () => {
    const borrowed = new RedisCheckpointStore({ connection: client, keyPrefix });
    await borrowed.close();
    expect(await client.ping()).toBe('PONG');
    await expect(borrowed.load('run-1')).rejects.toThrow(/the store is closed/);
  });

  it('makes and closes its own client from a URL', async () => {
    const own = new RedisCheckpointStore({ url: sharedRedisUrl, keyPrefix });
    await own.save('run-url', { fromUrl: true });
    expect(await store.load('run-url')).toEqual({ checkpoint: { fromUrl: true }, version: 1 });
    await own.close();
    await own.close();
    await expect(own.save('run-url', {})).rejects.toThrow(RedisStoreError);
  });
});
