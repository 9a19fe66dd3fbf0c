import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

/** The Redis every machine of the project runs (developers' and CI). */
export const redisUrl = process.env.TOOLCRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A client of the shared server as workers and listeners need it (`maxRetriesPerRequest: null`).
 * @returns the client; the test disconnects it
 */
export function blockingClient(): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: null });
}

/**
 * A BullMQ key prefix of one test file, so parallel runs never meet on the shared server.
 * @param label - names the test file in the prefix, to find leftovers
 * @returns e.g. `toolcraft-test-bullmq-tool-1a2b...`
 */
export function uniquePrefix(label: string): string {
  return `toolcraft-test-bullmq-${label}-${randomUUID()}`;
}

let queues = 0;

/**
 * A queue name not used before in this process (each test its own queue, so no job of one test reaches the worker of another).
 * @returns e.g. `q3`
 */
export function freshQueueName(): string {
  queues += 1;
  return `q${queues}`;
}

/**
 * A queue for a test to look at (and to remove, with {@link removeQueues}).
 * @param connection - a client
 * @param queueName - the queue
 * @param prefix - the test file's prefix
 * @returns the queue
 */
export function inspectQueue(connection: Redis, queueName: string, prefix: string): Queue {
  return new Queue(queueName, { connection, prefix });
}

/**
 * Removes every key under a test file's prefix (BullMQ's own `obliterate` for each queue of the file).
 * @param connection - a client
 * @param prefix - the test file's prefix
 */
export async function removeQueues(connection: Redis, prefix: string): Promise<void> {
  const names = new Set<string>();
  for (const key of await connection.keys(`${prefix}:*`)) names.add(key.slice(prefix.length + 1).split(':')[0]!);
  for (const name of names) {
    const queue = new Queue(name, { connection, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  const left = await connection.keys(`${prefix}:*`);
  if (left.length > 0) await connection.del(...left);
}

/** What one test file shares: its prefix, a client, and what its tests opened. */
export interface TestQueues {
  prefix: string;
  connection: Redis;
  /** Closed in reverse order after the file's tests, before its keys are removed. */
  opened: Array<{ close(): Promise<void> }>;
}

/**
 * Sets up a test file on the shared Redis: a prefix of its own and a client; after all its tests,
 * closes what they opened and removes every key under the prefix.
 * @param label - names the test file in the prefix
 * @returns the prefix, the client and the list of what to close
 */
export function testQueues(label: string): TestQueues {
  const shared: TestQueues = { prefix: uniquePrefix(label), connection: blockingClient(), opened: [] };
  afterAll(async () => {
    for (const item of shared.opened.reverse()) await item.close();
    await removeQueues(shared.connection, shared.prefix);
    shared.connection.disconnect();
  });
  return shared;
}
