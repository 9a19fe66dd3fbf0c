/**
 * @toolcraft/redis: session and checkpoint stores on Redis (ioredis), so any process can resume any run.
 * @packageDocumentation
 */
export { RedisCheckpointStore } from './checkpoints/redis-checkpoint-store.js';
export type { RedisConnectionOptions, RedisKeyOptions, RedisStoreOptions } from './redis-store-options.js';
export { RedisStoreError } from './errors/redis-store-error.js';
export { RedisStoreInputError } from './errors/redis-store-input-error.js';
export { RedisValueError } from './errors/redis-value-error.js';
export { RedisSessionStore } from './sessions/redis-session-store.js';
