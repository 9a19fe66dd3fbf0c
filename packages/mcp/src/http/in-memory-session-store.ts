import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import type { McpSessionRecord, McpSessionStore } from './session-store.js';

/** Options of {@link InMemoryMcpSessionStore}. */
export interface InMemoryMcpSessionStoreOptions {
  /** The most sessions kept; past it, the one unused longest is dropped. Default 10,000. */
  maxSessions?: number;
  /** The most events kept per stream; past it, the oldest are dropped (a resume from before them gets what is left). Default 1,000. */
  maxEventsPerStream?: number;
}

interface StoredEvent {
  readonly id: string;
  readonly message: JSONRPCMessage;
}

/** The separator of an event id's stream and number: a stream id (a UUID, `_GET_stream`) never holds it. */
const separator = '::';

/**
 * Sessions and stream events in this process's memory: resumability (`Last-Event-ID`) for one
 * instance, bounded in sessions and events per stream. Behind a load balancer, use a shared store
 * (`RedisMcpSessionStore` of `@toolcraft/redis`).
 */
export class InMemoryMcpSessionStore implements McpSessionStore {
  private readonly sessions = new Map<string, McpSessionRecord>();
  private readonly streams = new Map<string, StoredEvent[]>();
  private next = 0;
  private readonly maxSessions: number;
  private readonly maxEvents: number;

  /**
   * @param options - the bounds on sessions and events
   * @throws InvalidMcpOptionsError for a bound that is not a positive integer
   */
  constructor(options: InMemoryMcpSessionStoreOptions = {}) {
    this.maxSessions = bound(options.maxSessions, 'maxSessions', 10_000);
    this.maxEvents = bound(options.maxEventsPerStream, 'maxEventsPerStream', 1_000);
  }

  /** @inheritDoc */
  saveSession(sessionId: string, record: McpSessionRecord): Promise<void> {
    this.sessions.delete(sessionId);
    this.sessions.set(sessionId, record);
    for (const oldest of this.sessions.keys()) {
      if (this.sessions.size <= this.maxSessions) break;
      this.forget(oldest);
    }
    return Promise.resolve();
  }

  /** @inheritDoc */
  loadSession(sessionId: string): Promise<McpSessionRecord | undefined> {
    const record = this.sessions.get(sessionId);
    if (record !== undefined) {
      // Used most recently: dropped last.
      this.sessions.delete(sessionId);
      this.sessions.set(sessionId, record);
    }
    return Promise.resolve(record);
  }

  /** @inheritDoc */
  deleteSession(sessionId: string): Promise<void> {
    this.forget(sessionId);
    return Promise.resolve();
  }

  /** @inheritDoc */
  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${streamId}${separator}${(this.next++).toString().padStart(12, '0')}`;
    let events = this.streams.get(streamId);
    if (events === undefined) this.streams.set(streamId, (events = []));
    events.push({ id, message });
    if (events.length > this.maxEvents) events.splice(0, events.length - this.maxEvents);
    return Promise.resolve(id);
  }

  /** @inheritDoc */
  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const streamId = streamOf(eventId);
    return Promise.resolve(streamId !== undefined && this.streams.has(streamId) ? streamId : undefined);
  }

  /** @inheritDoc */
  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const streamId = streamOf(lastEventId);
    const events = streamId === undefined ? undefined : this.streams.get(streamId);
    if (streamId === undefined || events === undefined) throw new Error(`no stream holds the event ${JSON.stringify(lastEventId)}`);
    for (const event of events.filter((candidate) => candidate.id > lastEventId)) {
      // The priming event (empty) marks where a stream can be resumed from; it is not a message.
      if (Object.keys(event.message).length > 0) await send(event.id, event.message);
    }
    return streamId;
  }

  private forget(sessionId: string): void {
    this.sessions.delete(sessionId);
    const prefix = `${sessionId}/`;
    for (const streamId of [...this.streams.keys()]) if (streamId.startsWith(prefix)) this.streams.delete(streamId);
  }
}

/**
 * @param eventId - an event id of a store of this package (`<stream>::<number>`)
 * @returns its stream, or undefined when it is not one
 */
export function streamOf(eventId: string): string | undefined {
  const at = eventId.lastIndexOf(separator);
  return at <= 0 ? undefined : eventId.slice(0, at);
}

function bound(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new InvalidMcpOptionsError(
      'InMemoryMcpSessionStore',
      `'${name}' must be a whole number of at least 1, got ${JSON.stringify(value)}.`,
    );
  return value;
}
