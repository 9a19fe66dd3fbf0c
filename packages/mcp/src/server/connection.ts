import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { AgentContext, type AgentContextInit, type AnyTool, type CallClient, type LogLevel, type ToolProgressSink } from '@toolcraft/core';
import { callClientOf } from './call-client.js';
import type { RequestExtra } from './request-extra.js';

/** The default of `clientRequestTimeoutMs`: how long an elicitation or sampling request may wait (a person answers it). */
export const defaultClientRequestTimeoutMs = 300_000;

/**
 * One connection of a toolcraft MCP server (stdio: the host's session; HTTP: a session, or one
 * request when stateless): the context its calls share (its own run id and state, the server's name
 * as the agent's), the log level its client set, and the requests open on it, whose callers
 * `context.log`, `context.elicit` and `context.sample` reach.
 */
export class McpConnection {
  /** The lowest level of log message the client asked for (`logging/setLevel`), if it asked. */
  logLevel?: LogLevel;
  /** The tools the client was last told of (`tools/list`), for a server whose toolsets' tools change. */
  listedTools?: readonly AnyTool[];
  /** The context every call of the connection is made from. */
  readonly context: AgentContext;
  private readonly open = new Map<string, { extra: RequestExtra; logger: string }>();

  /**
   * @param server - the connection's SDK server
   * @param agentName - the server's name, the context's agent name
   * @param timeoutMs - how long an elicitation or sampling request may wait for the client
   */
  constructor(
    readonly server: Server,
    agentName: string,
    private readonly timeoutMs: number,
  ) {
    this.context = new ConnectionContext(
      { runId: `mcp-${randomUUID()}`, agentName, client: (id) => this.clientOf(id) },
      (id) => this.open.get(id)?.extra,
    );
  }

  /**
   * Registers a request being answered, so its calls reach its client.
   * @param requestId - the request's id (the call's id in the context)
   * @param extra - the request's extra
   * @param logger - what is called, the logger of its log messages
   */
  begin(requestId: string, extra: RequestExtra, logger: string): void {
    this.open.set(requestId, { extra, logger });
  }

  /** @param requestId - a request answered */
  end(requestId: string): void {
    this.open.delete(requestId);
  }

  private clientOf(requestId: string): CallClient | undefined {
    const open = this.open.get(requestId);
    if (open === undefined) return undefined;
    return callClientOf(open.extra, { server: this.server, logLevel: () => this.logLevel, logger: open.logger, timeoutMs: this.timeoutMs });
  }
}

/** What a tool can read of the MCP request its call answers: {@link mcpRequestOf}. */
export interface McpRequestInfo {
  /** The session of a stateful HTTP server, or undefined (stdio, stateless HTTP). */
  readonly sessionId?: string;
  /** What the server's auth middleware verified of the caller's token (`req.auth`), if any. */
  readonly authInfo?: AuthInfo;
  /** The HTTP request's headers, over HTTP. */
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
  /** The request's `_meta`. */
  readonly meta?: Readonly<Record<string, unknown>>;
  /**
   * Closes the request's SSE stream now (over HTTP with sessions, for a client of protocol 2025-11-25
   * or later): the client reconnects after the retry interval with `Last-Event-ID`, and gets the
   * rest of the call's messages then. Undefined where it cannot.
   */
  readonly closeStream?: () => void;
}

/** The MCP request of each per-call context an {@link McpConnection} made. */
const requests = new WeakMap<object, RequestExtra>();

/**
 * What a tool call (or a prompt's or resource's method) can read of the MCP request it answers: the
 * session, the verified auth info, the HTTP headers, `_meta`, and a way to close its SSE stream.
 * @param context - the call's `AgentContext`
 * @returns the request's info, or undefined when the call does not answer an MCP request
 * @example
 * const user = mcpRequestOf(context)?.authInfo?.clientId;
 */
export function mcpRequestOf(context: AgentContext): McpRequestInfo | undefined {
  const extra = requests.get(context);
  if (extra === undefined) return undefined;
  return {
    ...(extra.sessionId === undefined ? {} : { sessionId: extra.sessionId }),
    ...(extra.authInfo === undefined ? {} : { authInfo: extra.authInfo }),
    ...(extra.requestInfo === undefined ? {} : { headers: extra.requestInfo.headers }),
    ...(extra._meta === undefined ? {} : { meta: extra._meta }),
    ...(extra.closeSSEStream === undefined ? {} : { closeStream: extra.closeSSEStream }),
  };
}

/** A connection's context, whose per-call views remember the request they answer. */
class ConnectionContext extends AgentContext {
  constructor(
    init: AgentContextInit,
    private readonly requestOf: (toolCallId: string) => RequestExtra | undefined,
  ) {
    super(init);
  }

  override forToolCall(toolCallId: string, signal: AbortSignal, progress?: ToolProgressSink): AgentContext {
    const context = super.forToolCall(toolCallId, signal, progress);
    const extra = this.requestOf(toolCallId);
    if (extra !== undefined) requests.set(context, extra);
    return context;
  }
}
