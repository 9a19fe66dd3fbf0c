import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { describeThrownValue } from '@toolcraft/core';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import { serverOf } from '../server/create-mcp-server.js';
import type { CheckedMcpToolSource, McpServerOptions } from '../server/mcp-server-options.js';
import { ToolService } from '../server/tool-service.js';
import { localHostnames, refusedHeaders, type HostRules } from './host-check.js';
import { sendJsonRpcError } from './json-rpc-error.js';
import { SessionHandler } from './session-handler.js';
import type { McpSessionStore } from './session-store.js';

/** Options of {@link createMcpHttpHandler}. */
export interface McpHttpOptions extends McpServerOptions {
  /**
   * Host names (without port) the `Host` header may name; default `localhost`, `127.0.0.1` and
   * `[::1]`. Behind a load balancer, list the public names.
   */
  allowedHosts?: readonly string[];
  /** Browser origins (`https://app.example.com`) accepted besides those of an allowed host. */
  allowedOrigins?: readonly string[];
  /** Check `Host` and `Origin` against DNS rebinding; default true. */
  dnsRebindingProtection?: boolean;
  /** Answer with one JSON body instead of an SSE stream (no progress notifications then); default false. */
  enableJsonResponse?: boolean;
  /** The largest request body read, in bytes; default the SDK's (4 MiB). */
  maxRequestBodySize?: number;
  /** Told of a request that failed inside the handler (it was answered with a JSON-RPC error); default a process warning. */
  onError?: (error: unknown) => void;
  /**
   * Keep MCP sessions in this store (stateful mode): session ids, a GET stream per session for the
   * server's own messages, and every stream's events stored so a client resumes with `Last-Event-ID`.
   * `new InMemoryMcpSessionStore()` for one process; `RedisMcpSessionStore` of `@toolcraft/redis` so
   * any instance behind a load balancer serves any session. Default: none, stateless.
   */
  sessions?: McpSessionStore;
  /** With `sessions`: the SSE `retry` sent to clients (how long they wait before reconnecting), in ms; default the client's own. */
  retryIntervalMs?: number;
  /** With `sessions`: how long a session unused stays in this process (it stays in the store, restored when used again), in ms; default 600,000. */
  sessionIdleMs?: number;
}

/** A `node:http` request listener; `body` is the already parsed JSON when a framework read it (express.json()). */
export type McpHttpHandler = (request: IncomingMessage, response: ServerResponse, body?: unknown) => Promise<void>;

/** What `createMcpHttpHandler` returns: the request listener, and `close()`. */
export type McpHttpEndpoint = McpHttpHandler & {
  /** Closes the sessions this process holds and refuses further requests (stateful mode; they stay in the store); does nothing when stateless. */
  close(): Promise<void>;
};

/**
 * Serves tools over MCP's Streamable HTTP transport. Stateless by default: every POST gets a fresh SDK
 * server and transport (the tools, environment and `tools/list` answer are made once), so any number
 * of processes can serve behind a load balancer; other methods than POST are answered 405. With
 * `sessions: store`, stateful: sessions with ids, a GET stream each, resumable streams (`Last-Event-ID`)
 * and, with a shared store, any instance serving any session. `Host` and `Origin` are checked against
 * DNS rebinding (localhost names by default); a body that is not JSON-RPC gets a JSON-RPC error. The
 * returned promise never rejects.
 * @param source - a registry, an `AgentEnvironment`, or a list of tools, `@Tool` service instances and registries
 * @param options - the server's name and version, environment options, and the HTTP options
 * @returns the request listener (`http.createServer(handler)`, or a route of an express app), with `close()`
 * @throws InvalidMcpOptionsError for a missing name or version, an empty `allowedHosts`, or a source that cannot be served
 * @example
 * const handler = createMcpHttpHandler([new WeatherTool()], { name: 'weather', version: '1.0.0' });
 * http.createServer(handler).listen(3000, '127.0.0.1'); // POST http://localhost:3000/
 */
export function createMcpHttpHandler<TItems extends readonly unknown[]>(
  source: CheckedMcpToolSource<TItems>,
  options: McpHttpOptions,
): McpHttpEndpoint {
  const {
    allowedHosts,
    allowedOrigins,
    dnsRebindingProtection,
    enableJsonResponse,
    maxRequestBodySize,
    onError,
    sessions,
    retryIntervalMs,
    sessionIdleMs,
    ...serverOptions
  } = options ?? {};
  const service = new ToolService(source, serverOptions as McpServerOptions);
  const rules: HostRules | undefined =
    dnsRebindingProtection === false
      ? undefined
      : { allowedHosts: hostList(allowedHosts).map((host) => host.toLowerCase()), allowedOrigins: allowedOrigins ?? [] };
  const report =
    onError ?? ((error: unknown) => process.emitWarning(`MCP HTTP request failed: ${describeThrownValue(error, { detail: 'full' })}`));
  const transportOptions = {
    sessionIdGenerator: undefined,
    ...(enableJsonResponse === undefined ? {} : { enableJsonResponse }),
    ...(maxRequestBodySize === undefined ? {} : { maxRequestBodySize }),
  };
  const stateful =
    sessions === undefined
      ? undefined
      : new SessionHandler({
          service,
          store: checkedStore(sessions),
          enableJsonResponse: enableJsonResponse ?? false,
          maxRequestBodySize: positive(maxRequestBodySize, 'maxRequestBodySize') ?? defaultMaxBody,
          idleMs: positive(sessionIdleMs, 'sessionIdleMs') ?? defaultIdleMs,
          ...(retryIntervalMs === undefined ? {} : { retryIntervalMs: positive(retryIntervalMs, 'retryIntervalMs')! }),
        });
  const handler = async (request: IncomingMessage, response: ServerResponse, body?: unknown): Promise<void> => {
    try {
      const refused = rules === undefined ? undefined : refusedHeaders(request, rules);
      if (refused !== undefined) return sendJsonRpcError(response, 403, -32000, `Forbidden: ${refused}`);
      if (stateful !== undefined) return await stateful.handle(request, response, body);
      if (request.method !== 'POST')
        return sendJsonRpcError(
          response,
          405,
          -32000,
          `Method ${request.method ?? '?'} not allowed: this stateless server answers POST only.`,
          {
            allow: 'POST',
          },
        );
      const server = serverOf(service);
      const transport = new StreamableHTTPServerTransport(transportOptions);
      response.once('close', () => {
        void transport.close().catch(() => undefined);
        void server.close().catch(() => undefined);
      });
      await server.connect(transport);
      await transport.handleRequest(request, response, body);
    } catch (error) {
      safely(report, error);
      sendJsonRpcError(response, 500, -32603, 'Internal error: the request could not be handled.');
    }
  };
  return Object.assign(handler, { close: () => stateful?.close() ?? Promise.resolve() });
}

const defaultMaxBody = 4 * 1024 * 1024;
const defaultIdleMs = 600_000;

function checkedStore(store: McpSessionStore): McpSessionStore {
  const methods = ['saveSession', 'loadSession', 'deleteSession', 'storeEvent', 'replayEventsAfter'] as const;
  const missing = methods.filter((method) => typeof (store as unknown as Record<string, unknown>)?.[method] !== 'function');
  if (missing.length > 0)
    throw new InvalidMcpOptionsError(
      'createMcpHttpHandler()',
      `'sessions' must be a session store (new InMemoryMcpSessionStore(), or RedisMcpSessionStore of @toolcraft/redis); it lacks ${missing.join(', ')}.`,
    );
  return store;
}

function positive(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 2_147_483_647)
    throw new InvalidMcpOptionsError('createMcpHttpHandler()', `'${name}' must be a number above 0, got ${JSON.stringify(value)}.`);
  return value;
}

function hostList(hosts: readonly string[] | undefined): readonly string[] {
  if (hosts === undefined) return localHostnames;
  if (!Array.isArray(hosts as unknown) || hosts.length === 0 || hosts.some((host) => typeof host !== 'string' || host.length === 0))
    throw new InvalidMcpOptionsError(
      'createMcpHttpHandler()',
      "'allowedHosts' must be a non-empty list of host names such as ['localhost', 'mcp.example.com'] (set dnsRebindingProtection: false to accept any).",
    );
  return hosts;
}

function safely(report: (error: unknown) => void, error: unknown): void {
  try {
    report(error);
  } catch {
    // A listener that throws must not turn an answered request into an unhandled rejection.
  }
}
