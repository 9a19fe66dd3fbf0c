import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis every machine of the project runs (developers' and CI). */
export const sharedRedisUrl = process.env.TOOLCRAFT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A key prefix of one test run, so parallel runs never meet on the shared server.
 * @param label - names the test file in the prefix, to find leftovers
 * @returns e.g. `toolcraft-test:checkpoints:1a2b...:`
 */
export function uniqueKeyPrefix(label: string): string {
  return `toolcraft-test:${label}:${randomUUID()}:`;
}

/**
 * A client of the shared server for a test file (fails fast instead of queueing when Redis is down).
 * @returns the client
 */
export function sharedRedis(): Redis {
  return new Redis(sharedRedisUrl, { maxRetriesPerRequest: 1 });
}

/**
 * Every key under a prefix.
 * @param client - a client
 * @param prefix - the prefix
 * @returns the keys, sorted
 */
export async function keysUnder(client: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', `${escapeGlob(prefix)}*`, 'COUNT', 500);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys.sort();
}

/**
 * Deletes every key under a prefix (a test run's cleanup).
 * @param client - a client
 * @param prefix - the prefix
 */
export async function deleteKeysUnder(client: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(client, prefix);
  if (keys.length > 0) await client.del(...keys);
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
}
