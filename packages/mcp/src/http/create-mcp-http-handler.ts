import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { describeThrownValue } from '@toolcraft/core';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import { serverOf } from '../server/create-mcp-server.js';
import type { CheckedMcpToolSource, McpServerOptions } from '../server/mcp-server-options.js';
import { ToolService } from '../server/tool-service.js';
import { localHostnames, refusedHeaders, type HostRules } from './host-check.js';
import { sendJsonRpcError } from './json-rpc-error.js';

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
}

/** A `node:http` request listener; `body` is the already parsed JSON when a framework read it (express.json()). */
export type McpHttpHandler = (request: IncomingMessage, response: ServerResponse, body?: unknown) => Promise<void>;

/**
 * Serves tools over MCP's Streamable HTTP transport in stateless mode: every POST gets a fresh SDK
 * server and transport (the tools, environment and `tools/list` answer are made once), so any number
 * of processes can serve behind a load balancer. `Host` and `Origin` are checked against DNS
 * rebinding (localhost names by default); other methods than POST are answered 405; a body that is
 * not JSON-RPC gets a JSON-RPC error. The returned promise never rejects.
 * @param source - a registry, an `AgentEnvironment`, or a list of tools, `@Tool` service instances and registries
 * @param options - the server's name and version, environment options, and the HTTP options
 * @returns the request listener: `http.createServer(handler)`, or a route of an express app
 * @throws InvalidMcpOptionsError for a missing name or version, an empty `allowedHosts`, or a source that cannot be served
 * @example
 * const handler = createMcpHttpHandler([new WeatherTool()], { name: 'weather', version: '1.0.0' });
 * http.createServer(handler).listen(3000, '127.0.0.1'); // POST http://localhost:3000/
 */
export function createMcpHttpHandler<TItems extends readonly unknown[]>(
  source: CheckedMcpToolSource<TItems>,
  options: McpHttpOptions,
): McpHttpHandler {
  const { allowedHosts, allowedOrigins, dnsRebindingProtection, enableJsonResponse, maxRequestBodySize, onError, ...serverOptions } =
    options ?? {};
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
  return async (request, response, body) => {
    try {
      const refused = rules === undefined ? undefined : refusedHeaders(request, rules);
      if (refused !== undefined) return sendJsonRpcError(response, 403, -32000, `Forbidden: ${refused}`);
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
