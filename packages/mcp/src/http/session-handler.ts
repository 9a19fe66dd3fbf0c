import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { serverOf } from '../server/create-mcp-server.js';
import { isLogLevel } from '../server/log-levels.js';
import type { ToolService } from '../server/tool-service.js';
import { sendJsonRpcError } from './json-rpc-error.js';
import { sessionEvents } from './session-events.js';
import type { McpSessionStore } from './session-store.js';
import { readBody, sendWebResponse, webRequestOf } from './web-bridge.js';

/** What the session-keeping handler is made of. */
export interface SessionHandlerSettings {
  service: ToolService;
  store: McpSessionStore;
  enableJsonResponse: boolean;
  maxRequestBodySize: number;
  /** The SSE `retry` the client is told (how long it waits before it reconnects), in ms. */
  retryIntervalMs?: number;
  /** How long a session unused is kept in this process (it stays in the store, and is restored when used again), in ms. */
  idleMs: number;
}

/** A session served by this process: its server and transport. */
interface LocalSession {
  server: Server;
  transport: WebStandardStreamableHTTPServerTransport;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * The stateful Streamable HTTP handler: the first `initialize` opens a session (its id in the
 * `Mcp-Session-Id` header), whose later requests, GET stream and DELETE go to the session's own server
 * and transport. Every stream's events are stored, so a client that reconnects with `Last-Event-ID`
 * gets what it missed; a session this process does not hold (it was opened on another instance, or
 * dropped here for being idle) is restored from the store by replaying its `initialize` to a new server.
 */
export class SessionHandler {
  private readonly sessions = new Map<string, LocalSession>();
  private readonly restoring = new Map<string, Promise<LocalSession | undefined>>();
  private closed = false;

  /** @param settings - the service, store and HTTP options */
  constructor(private readonly settings: SessionHandlerSettings) {}

  /**
   * Answers one HTTP request (the host checks are done).
   * @param request - the node request
   * @param response - the node response
   * @param body - the parsed body, when a framework read it
   */
  async handle(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> {
    if (this.closed) return sendJsonRpcError(response, 503, -32000, 'The server is shutting down.');
    const method = request.method ?? 'GET';
    if (method !== 'POST' && method !== 'GET' && method !== 'DELETE')
      return sendJsonRpcError(response, 405, -32000, `Method ${method} not allowed.`, { allow: 'GET, POST, DELETE' });
    let parsed = body;
    if (method === 'POST' && parsed === undefined) {
      const text = await readBody(request, this.settings.maxRequestBodySize);
      if (text === undefined)
        return sendJsonRpcError(response, 413, -32000, `Payload too large: the body is over ${this.settings.maxRequestBodySize} bytes.`);
      try {
        parsed = JSON.parse(text) as unknown;
      } catch {
        return sendJsonRpcError(response, 400, -32700, 'Parse error: the body is not JSON.');
      }
    }
    const header = request.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    let session: LocalSession | undefined;
    if (sessionId === undefined) {
      if (method !== 'POST' || !isInitializeRequest(parsed))
        return sendJsonRpcError(
          response,
          400,
          -32000,
          'Bad Request: no Mcp-Session-Id header; a session starts with an initialize request.',
        );
      session = await this.open(parsed as Record<string, unknown>);
    } else {
      session = this.sessions.get(sessionId) ?? (await this.restore(sessionId));
      if (session === undefined) return sendJsonRpcError(response, 404, -32001, 'Session not found');
    }
    this.touch(session);
    const answer = await session.transport.handleRequest(webRequestOf(request), method === 'POST' ? { parsedBody: parsed } : undefined);
    await sendWebResponse(answer, response);
  }

  /** Closes every session this process holds (they stay in the store). */
  async close(): Promise<void> {
    this.closed = true;
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((session) => this.drop(session)));
  }

  /** A new session for an initialize request; it is registered (here and in the store) once the transport gives it its id. */
  private async open(initialize: Record<string, unknown>, sessionId?: string): Promise<LocalSession> {
    const { store, service } = this.settings;
    const id = sessionId ?? randomUUID();
    const record = sessionId === undefined ? undefined : await store.loadSession(sessionId);
    const logLevel = isLogLevel(record?.logLevel) ? record.logLevel : undefined;
    const server = serverOf(service, {
      ...(logLevel === undefined ? {} : { logLevel }),
      onLogLevel: (level) => void store.saveSession(id, { initialize, logLevel: level }).catch(() => undefined),
    });
    const session = { server } as LocalSession;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      eventStore: sessionEvents(store, id),
      enableJsonResponse: this.settings.enableJsonResponse,
      ...(this.settings.retryIntervalMs === undefined ? {} : { retryInterval: this.settings.retryIntervalMs }),
      onsessioninitialized: async () => {
        this.sessions.set(id, session);
        if (sessionId === undefined) await store.saveSession(id, { initialize });
      },
      onsessionclosed: async () => {
        this.sessions.delete(id);
        await store.deleteSession(id);
      },
    });
    session.transport = transport;
    transport.onclose = () => {
      if (this.sessions.get(id) === session) this.sessions.delete(id);
      clearTimeout(session.timer);
      void server.close().catch(() => undefined);
    };
    await server.connect(transport);
    return session;
  }

  /**
   * Restores a session from the store: a new server and transport, given the session's `initialize`
   * again (the server learns the client's capabilities and protocol version; its answer is dropped).
   */
  private restore(sessionId: string): Promise<LocalSession | undefined> {
    let pending = this.restoring.get(sessionId);
    if (pending === undefined) {
      pending = (async () => {
        const record = await this.settings.store.loadSession(sessionId);
        if (record === undefined) return undefined;
        const session = await this.open(record.initialize, sessionId);
        const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
        const answer = await session.transport.handleRequest(new Request('http://localhost/mcp', { method: 'POST', headers }), {
          parsedBody: record.initialize,
        });
        await answer.text();
        return session;
      })().finally(() => this.restoring.delete(sessionId));
      this.restoring.set(sessionId, pending);
    }
    return pending;
  }

  /** Keeps a session here for `idleMs` more. */
  private touch(session: LocalSession): void {
    clearTimeout(session.timer);
    session.timer = setTimeout(() => {
      const id = session.transport.sessionId;
      if (id !== undefined && this.sessions.get(id) === session) this.sessions.delete(id);
      void this.drop(session);
    }, this.settings.idleMs);
    session.timer.unref?.();
  }

  private async drop(session: LocalSession): Promise<void> {
    clearTimeout(session.timer);
    await session.transport.close().catch(() => undefined);
    await session.server.close().catch(() => undefined);
  }
}
