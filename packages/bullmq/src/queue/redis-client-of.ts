import type { ConnectionOptions } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';

/** An ioredis client for commands of toolcraft's own next to BullMQ's, and how to let go of it. */
export interface BorrowedClient {
  readonly client: Redis;
  /** Quits the client if it was made here; a client given as the connection stays open. */
  release(): Promise<void>;
}

/**
 * The ioredis client of a queue's connection: the client itself when one was given, else a new one
 * made from the ioredis options (failing fast: one retry per command).
 * @param connection - the queue's connection
 * @returns the client, or undefined when the connection is neither an ioredis client nor ioredis options
 */
export function redisClientOf(connection: ConnectionOptions): BorrowedClient | undefined {
  if (typeof (connection as { duplicate?: unknown }).duplicate === 'function') {
    if (typeof (connection as Redis).xrevrange !== 'function') return undefined;
    return { client: connection as Redis, release: () => Promise.resolve() };
  }
  const client = new Redis({ ...(connection as RedisOptions), maxRetriesPerRequest: 1 });
  client.on('error', () => undefined); // a failed command rejects with its error
  return {
    client,
    release: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
