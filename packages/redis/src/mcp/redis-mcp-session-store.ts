import type { RedisStoreOptions } from '../redis-store-options.js';
import { RedisClientHandle } from '../redis-client-handle.js';
import { RedisStoreInputError } from '../errors/redis-store-input-error.js';
import { RedisValueError } from '../errors/redis-value-error.js';
import { decodeStored } from '../stored-value.js';
import type { McpMessage, McpSessionData } from './mcp-store-types.js';

/** Options of {@link RedisMcpSessionStore}: the connection and key options, and how many events a stream keeps. */
export type RedisMcpSessionStoreOptions = RedisStoreOptions & {
  /** The most events kept per stream (older ones are trimmed, approximately); default 1,000. */
  maxEventsPerStream?: number;
};

const separator = '::';
const sessionHead = '{"format":"toolcraft.mcp-session","formatVersion":1,';

/**
 * An MCP session store on Redis (`sessions` of `createMcpHttpHandler` in `@toolcraft/mcp`): every
 * instance behind a load balancer restores any session from it, and a client that reconnects with
 * `Last-Event-ID` gets, on any instance, the events of its stream stored so far. Keys:
 * `<prefix>mcp-session:<id>` (JSON: the client's `initialize` and log level),
 * `<prefix>mcp-events:<stream>` (a Redis stream of the stream's events, trimmed to
 * `maxEventsPerStream`), `<prefix>mcp-streams:<id>` (the set of a session's stream keys, for
 * `deleteSession`); all renewed to `ttlSeconds` at each write when it is given. An event id is
 * `<stream>::<Redis entry id>`.
 * @example
 * const sessions = new RedisMcpSessionStore({ url: process.env.REDIS_URL!, keyPrefix: 'mcp:', ttlSeconds: 24 * 3600 });
 * const handler = createMcpHttpHandler(tools, { name: 'notes', version: '1.0.0', sessions });
 */
export class RedisMcpSessionStore {
  private readonly handle: RedisClientHandle;
  private readonly maxEvents: number;

  /**
   * @param options - `{ connection }` or `{ url }`, `keyPrefix`, `ttlSeconds`, `maxEventsPerStream`
   * @throws RedisStoreInputError for an impossible option
   */
  constructor(options: RedisMcpSessionStoreOptions) {
    this.handle = new RedisClientHandle(options);
    const max = (options as { maxEventsPerStream?: unknown }).maxEventsPerStream ?? 1_000;
    if (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 1)
      throw new RedisStoreInputError('maxEventsPerStream', max, 'a whole number of at least 1');
    this.maxEvents = max;
  }

  /**
   * Saves (or replaces) a session's record.
   * @param sessionId - the session
   * @param record - its `initialize` request and log level
   * @throws RedisStoreError when Redis fails
   */
  async saveSession(sessionId: string, record: McpSessionData): Promise<void> {
    const key = this.handle.key('mcp-session', checked(sessionId, 'sessionId'));
    const text =
      sessionHead +
      JSON.stringify({ initialize: record.initialize, ...(record.logLevel === undefined ? {} : { logLevel: record.logLevel }) }).slice(1);
    const ttl = this.handle.ttlSeconds;
    await this.handle.run('save the MCP session', key, true, (client) =>
      ttl === undefined ? client.set(key, text) : client.set(key, text, 'EX', ttl),
    );
  }

  /**
   * @param sessionId - a session
   * @returns its record, or undefined when there is none (never saved, deleted or expired)
   * @throws RedisValueError naming the key for a value this store did not write; RedisStoreError when Redis fails
   */
  async loadSession(sessionId: string): Promise<McpSessionData | undefined> {
    const key = this.handle.key('mcp-session', checked(sessionId, 'sessionId'));
    const text = await this.handle.run('load the MCP session', key, false, (client) => client.get(key));
    if (text === null) return undefined;
    const record = decodeStored(key, 'mcp-session', text);
    const { initialize, logLevel } = record;
    if (typeof initialize !== 'object' || initialize === null || Array.isArray(initialize))
      throw new RedisValueError(key, "its field 'initialize' is not an object");
    return { initialize: initialize as McpMessage, ...(typeof logLevel === 'string' ? { logLevel } : {}) };
  }

  /**
   * Deletes a session's record and the events of its streams.
   * @param sessionId - the session
   * @throws RedisStoreError when Redis fails
   */
  async deleteSession(sessionId: string): Promise<void> {
    const key = this.handle.key('mcp-session', checked(sessionId, 'sessionId'));
    const streams = this.handle.key('mcp-streams', sessionId);
    await this.handle.run('delete the MCP session', key, true, async (client) => {
      const members = await client.smembers(streams);
      await client.del(key, streams, ...members);
    });
  }

  /**
   * Stores one event of a stream.
   * @param streamId - the stream (`<session>/<stream>` as `@toolcraft/mcp` names them)
   * @param message - the JSON-RPC message (`{}` for a stream's priming event)
   * @returns the event's id, `<stream>::<entry id>`
   * @throws RedisStoreError when Redis fails
   */
  async storeEvent(streamId: string, message: McpMessage): Promise<string> {
    const key = this.handle.key('mcp-events', checked(streamId, 'streamId'));
    const slash = streamId.indexOf('/');
    const session = slash > 0 ? this.handle.key('mcp-streams', streamId.slice(0, slash)) : undefined;
    const ttl = this.handle.ttlSeconds;
    const entry = await this.handle.run('store the MCP event', key, true, async (client) => {
      const batch = client.multi().xadd(key, 'MAXLEN', '~', this.maxEvents, '*', 'm', JSON.stringify(message));
      if (session !== undefined) batch.sadd(session, key);
      if (ttl !== undefined) {
        batch.expire(key, ttl);
        if (session !== undefined) batch.expire(session, ttl);
      }
      const replies = await batch.exec();
      const [error, id] = replies?.[0] ?? [new Error('the transaction was discarded'), null];
      if (error) throw error;
      return id as string;
    });
    return `${streamId}${separator}${entry}`;
  }

  /**
   * @param eventId - an event id this store gave
   * @returns its stream, or undefined when the id is not one or its stream is gone
   * @throws RedisStoreError when Redis fails
   */
  async getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const parsed = parse(eventId);
    if (parsed === undefined) return undefined;
    const key = this.handle.key('mcp-events', parsed.streamId);
    const exists = await this.handle.run('find the MCP stream', key, false, (client) => client.exists(key));
    return exists === 1 ? parsed.streamId : undefined;
  }

  /**
   * Sends the events of a stream after one (the stream's priming events left out).
   * @param lastEventId - the last event the client got
   * @param options - `send(eventId, message)`
   * @returns the stream
   * @throws Error for an id that is not one of this store's; RedisStoreError when Redis fails
   */
  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: McpMessage) => Promise<void> },
  ): Promise<string> {
    const parsed = parse(lastEventId);
    if (parsed === undefined) throw new Error(`the event id ${JSON.stringify(lastEventId)} is not one of this store's`);
    const key = this.handle.key('mcp-events', parsed.streamId);
    const entries = await this.handle.run('replay the MCP events', key, false, (client) => client.xrange(key, `(${parsed.entry}`, '+'));
    for (const [id, fields] of entries) {
      const text = fields[fields.indexOf('m') + 1];
      if (text === undefined) continue;
      const message = JSON.parse(text) as McpMessage;
      if (Object.keys(message).length > 0) await send(`${parsed.streamId}${separator}${id}`, message);
    }
    return parsed.streamId;
  }

  /** Quits the client if the store made it (an application's connection stays open). */
  close(): Promise<void> {
    return this.handle.close();
  }
}

function parse(eventId: string): { streamId: string; entry: string } | undefined {
  const at = eventId.lastIndexOf(separator);
  if (at <= 0) return undefined;
  const entry = eventId.slice(at + separator.length);
  return /^\d+-\d+$/.test(entry) ? { streamId: eventId.slice(0, at), entry } : undefined;
}

function checked(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new RedisStoreInputError(name, value, 'a non-empty string');
  return value;
}
