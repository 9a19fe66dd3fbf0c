import { Redis, type RedisOptions } from 'ioredis';
import type { ConnectionOptions } from 'bullmq';

/**
 * The id of the newest event of a queue's event stream, so an event listener started from it misses
 * nothing that happens after this call (BullMQ's default `'$'` only counts from the listener's first
 * read, some time after it is ready). Read with the ioredis client given as the connection, or a
 * short-lived one made from its options.
 * @param connection - the queue's connection
 * @param eventsKey - the key of the queue's event stream
 * @returns the id (`'0-0'` for an empty stream), or undefined when the connection is no ioredis client or options
 */
export async function latestEventId(connection: ConnectionOptions, eventsKey: string): Promise<string | undefined> {
  if (typeof (connection as { duplicate?: unknown }).duplicate === 'function') {
    if (typeof (connection as Redis).xrevrange !== 'function') return undefined;
    return newest(await (connection as Redis).xrevrange(eventsKey, '+', '-', 'COUNT', 1));
  }
  const client = new Redis({ ...(connection as RedisOptions), maxRetriesPerRequest: 1, lazyConnect: true });
  client.on('error', () => undefined);
  try {
    return newest(await client.xrevrange(eventsKey, '+', '-', 'COUNT', 1));
  } finally {
    await client.quit().catch(() => client.disconnect());
  }
}

function newest(entries: Array<[id: string, fields: string[]]>): string {
  return entries[0]?.[0] ?? '0-0';
}
