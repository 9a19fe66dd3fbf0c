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
export { RedisMcpSessionStore } from './mcp/redis-mcp-session-store.js';
export type { RedisMcpSessionStoreOptions } from './mcp/redis-mcp-session-store.js';
export { RedisMcpIdempotencyStore } from './mcp/redis-mcp-idempotency-store.js';
export type { RedisMcpIdempotencyStoreOptions } from './mcp/redis-mcp-idempotency-store.js';
export type { McpMessage, McpRecordedCall, McpSessionData } from './mcp/mcp-store-types.js';
