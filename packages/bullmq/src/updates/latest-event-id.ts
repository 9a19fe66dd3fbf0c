import type { Redis } from 'ioredis';

/**
 * The id of the newest event of a queue's event stream, so an event listener started from it misses
 * nothing that happens after this call (BullMQ's default `'$'` only counts from the listener's first
 * read, some time after it is ready).
 * @param client - a client of the queue's Redis
 * @param eventsKey - the key of the queue's event stream
 * @returns the id (`'0-0'` for an empty stream)
 */
export async function latestEventId(client: Redis, eventsKey: string): Promise<string> {
  const entries = await client.xrevrange(eventsKey, '+', '-', 'COUNT', 1);
  return entries[0]?.[0] ?? '0-0';
}
