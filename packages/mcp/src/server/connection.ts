import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AgentContext, type AnyTool, type CallClient, type LogLevel } from '@toolcraft/core';
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
    this.context = new AgentContext({ runId: `mcp-${randomUUID()}`, agentName, client: (id) => this.clientOf(id) });
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
