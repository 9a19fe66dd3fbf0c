import { Redis } from 'ioredis';
import { RedisStoreError } from './errors/redis-store-error.js';
import { RedisStoreInputError } from './errors/redis-store-input-error.js';
import { type RedisStoreOptions, defaultKeyPrefix } from './redis-store-options.js';

/**
 * A store's hold on Redis: the client (its own, made from a URL, or the application's), the key
 * prefix and TTL, checked once; `close()` quits only a client the store made.
 */
export class RedisClientHandle {
  readonly client: Redis;
  readonly keyPrefix: string;
  readonly ttlSeconds: number | undefined;
  private readonly owned: boolean;
  private closed = false;

  /** @param options - the store's options, checked here */
  constructor(options: RedisStoreOptions) {
    if (typeof options !== 'object' || options === null)
      throw new RedisStoreInputError('options', options, 'an object with a connection or a url');
    const given = options as { connection?: unknown; url?: unknown; keyPrefix?: unknown; ttlSeconds?: unknown };
    this.keyPrefix = checkedPrefix(given.keyPrefix);
    this.ttlSeconds = checkedTtl(given.ttlSeconds);
    if (given.connection !== undefined && given.url !== undefined) {
      throw new RedisStoreInputError('url', given.url, 'absent when a connection is given (give one of connection and url)');
    }
    if (given.connection !== undefined) {
      if (!isClient(given.connection)) throw new RedisStoreInputError('connection', given.connection, 'an ioredis client (new Redis(...))');
      this.client = given.connection;
      this.owned = false;
    } else if (typeof given.url === 'string' && given.url.length > 0) {
      // close() sends QUIT first; the disconnect grace only matters when the server is away.
      this.client = new Redis(given.url, { disconnectTimeout: 200 });
      // The client reconnects by itself; its errors reach the operation that failed, not the process.
      this.client.on('error', () => undefined);
      this.owned = true;
    } else throw new RedisStoreInputError('url', given.url, 'a Redis URL such as redis://127.0.0.1:6379 (or give a connection)');
  }

  /**
   * The full key of one value.
   * @param kind - the kind of value, e.g. `'checkpoint'`
   * @param segments - its address, each segment URI-encoded so no two addresses share a key
   * @returns the key
   */
  key(kind: string, ...segments: string[]): string {
    return `${this.keyPrefix}${kind}:${segments.map(encodeURIComponent).join(':')}`;
  }

  /**
   * Runs one command, its failure told as a {@link RedisStoreError}.
   * @param operation - what the store is doing, for the message
   * @param key - the key concerned
   * @param write - whether it writes
   * @param command - the command
   * @returns its reply
   */
  async run<T>(operation: string, key: string, write: boolean, command: (client: Redis) => Promise<T>): Promise<T> {
    if (this.closed) throw new RedisStoreError(operation, key, new Error('the store is closed'), write);
    try {
      return await command(this.client);
    } catch (error) {
      throw new RedisStoreError(operation, key, error, write);
    }
  }

  /** Quits the client if the store made it; an application's connection stays open. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (!this.owned) return;
    // QUIT lets the replies in flight arrive; bounded, since a server that just went away never answers it.
    if (this.client.status === 'ready') {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, quitBoundMs)));
      await Promise.race([this.client.quit().catch(() => undefined), bound]);
      clearTimeout(timer);
    }
    this.client.disconnect();
  }
}

/** How long `close()` waits for the server's answer to QUIT. */
const quitBoundMs = 1_000;

function isClient(value: unknown): value is Redis {
  return (
    typeof value === 'object' && value !== null && typeof (value as Redis).get === 'function' && typeof (value as Redis).eval === 'function'
  );
}

function checkedPrefix(prefix: unknown): string {
  if (prefix === undefined) return defaultKeyPrefix;
  if (typeof prefix !== 'string') throw new RedisStoreInputError('keyPrefix', prefix, 'a string');
  return prefix;
}

function checkedTtl(ttl: unknown): number | undefined {
  if (ttl === undefined) return undefined;
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl <= 0)
    throw new RedisStoreInputError('ttlSeconds', ttl, 'a positive whole number of seconds');
  return ttl;
}
