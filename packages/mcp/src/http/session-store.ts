import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** What a session store keeps of one MCP session: enough for any instance to serve it again. */
export interface McpSessionRecord {
  /** The client's `initialize` request, replayed to a new server to restore the session (its capabilities and protocol version). */
  initialize: Record<string, unknown>;
  /** The log level the client set (`logging/setLevel`), if it set one. */
  logLevel?: string;
}

/**
 * Where a stateful `createMcpHttpHandler` keeps its sessions and the events of their streams, so a
 * client that reconnects with `Last-Event-ID` gets what it missed, and (with a shared store such as
 * `RedisMcpSessionStore` of `@toolcraft/redis`) any instance behind a load balancer serves any
 * session. The event methods are the SDK's `EventStore`: `storeEvent` returns an event id that names
 * its stream, `replayEventsAfter` sends the events of that stream after an id and returns the stream.
 */
export interface McpSessionStore extends EventStore {
  /**
   * Saves (or replaces) a session's record.
   * @param sessionId - the session
   * @param record - its `initialize` request and log level
   */
  saveSession(sessionId: string, record: McpSessionRecord): Promise<void>;
  /**
   * @param sessionId - a session
   * @returns its record, or undefined when there is none (never created, deleted or expired)
   */
  loadSession(sessionId: string): Promise<McpSessionRecord | undefined>;
  /**
   * Deletes a session and the events of its streams.
   * @param sessionId - the session
   */
  deleteSession(sessionId: string): Promise<void>;
}
