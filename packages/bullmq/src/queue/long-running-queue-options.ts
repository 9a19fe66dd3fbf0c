import type { ConnectionOptions } from 'bullmq';
import { LongRunningOptionsError } from '../errors/long-running-options-error.js';

/** Where the jobs of long-running calls live: the BullMQ queue and its Redis connection. */
export interface LongRunningQueueOptions {
  /** The BullMQ queue's name (no `:`); the tools, the workers and the update listener use the same one. */
  queueName: string;
  /**
   * The Redis connection, as BullMQ takes it: an ioredis client (`new Redis(url, { maxRetriesPerRequest: null })`,
   * shared, never closed by toolcraft) or ioredis options (`{ host, port }`; BullMQ makes and closes
   * its own clients). Workers and update listeners wait on Redis with blocking commands, so their
   * ioredis client must have `maxRetriesPerRequest: null`; a tool only adds jobs, and may use a
   * client that fails fast instead.
   */
  connection: ConnectionOptions;
  /** The prefix of BullMQ's Redis keys (BullMQ's default `'bull'`); every side of one queue uses the same. */
  prefix?: string;
}

/** The queue options, checked. */
export interface CheckedQueueOptions {
  readonly queueName: string;
  readonly connection: ConnectionOptions;
  readonly prefix?: string;
}

/**
 * Checks the queue options before BullMQ sees them, so a mistake is told in words instead of as a
 * Redis or BullMQ error later.
 * @param options - the options given
 * @param blocking - whether the connection will wait on blocking commands (workers, update listeners)
 * @returns the checked options
 * @throws LongRunningOptionsError for a missing or bad queue name, connection or prefix, and for a
 *   blocking connection whose `maxRetriesPerRequest` is not null
 */
export function checkQueueOptions(options: unknown, blocking: boolean): CheckedQueueOptions {
  if (typeof options !== 'object' || options === null)
    throw new LongRunningOptionsError('options', options, 'an object with queueName and connection');
  const { queueName, connection, prefix } = options as Record<string, unknown>;
  if (typeof queueName !== 'string' || queueName === '' || queueName.includes(':'))
    throw new LongRunningOptionsError('queueName', queueName, "a non-empty string without ':' (BullMQ refuses ':' in queue names)");
  if (prefix !== undefined && (typeof prefix !== 'string' || prefix === ''))
    throw new LongRunningOptionsError('prefix', prefix, "a non-empty string (or absent: BullMQ's 'bull')");
  checkConnection(connection, blocking);
  return { queueName, connection: connection as ConnectionOptions, ...(prefix === undefined ? {} : { prefix: prefix as string }) };
}

function checkConnection(connection: unknown, blocking: boolean): void {
  if (typeof connection !== 'object' || connection === null)
    throw new LongRunningOptionsError('connection', connection, 'an ioredis client or ioredis options such as { host, port }');
  const client = isClient(connection);
  const settings = client ? (connection as { options?: Record<string, unknown> }).options : (connection as Record<string, unknown>);
  if (client && typeof settings?.keyPrefix === 'string' && settings.keyPrefix !== '')
    throw new LongRunningOptionsError(
      'connection.options.keyPrefix',
      settings.keyPrefix,
      "empty: BullMQ refuses ioredis key prefixes; use the 'prefix' option",
    );
  const retries = settings?.maxRetriesPerRequest;
  if (!blocking || retries === null || (!client && retries === undefined)) return;
  throw new LongRunningOptionsError(
    'connection.maxRetriesPerRequest',
    retries,
    'null: a BullMQ worker or event listener waits on Redis with blocking commands, which must never give up while Redis ' +
      'is away (ioredis gives up after 20 retries by default); make the client with new Redis(url, { maxRetriesPerRequest: null })',
  );
}

function isClient(connection: object): boolean {
  return typeof (connection as { duplicate?: unknown }).duplicate === 'function';
}
