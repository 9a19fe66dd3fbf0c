import type { Redis } from 'ioredis';

/**
 * Where a Redis store's data lives: an ioredis client the application made (`{ connection }`, shared
 * and never closed by the store) or a Redis URL (`{ url }`, e.g. `redis://127.0.0.1:6379/0`; the
 * store makes its own client and closes it in `close()`).
 */
export type RedisConnectionOptions = { connection: Redis; url?: never } | { url: string; connection?: never };

/** What every Redis store takes besides its connection. */
export interface RedisKeyOptions {
  /**
   * Put before every key the store writes (default `'toolcraft:'`), so several applications or test
   * runs share one Redis without meeting. Keys are `<prefix>checkpoint:<runId>`,
   * `<prefix>session:<app>:<user>:<session>` and so on, each segment URI-encoded.
   */
  keyPrefix?: string;
  /**
   * Time to live of each value, in whole seconds, renewed at every write. Absent: values stay until
   * deleted.
   */
  ttlSeconds?: number;
}

/** Options of a Redis store: a connection plus the key options. */
export type RedisStoreOptions = RedisConnectionOptions & RedisKeyOptions;

/** The key prefix used when none is given. */
export const defaultKeyPrefix = 'toolcraft:';
