import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { ServerCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { McpProtocolError, ProtocolErrorCode } from '../errors/mcp-protocol-error.js';
import { complete } from './completion.js';
import { defaultClientRequestTimeoutMs, McpConnection } from './connection.js';
import type { LogLevel } from '@toolcraft/core';
import { isLogLevel, logLevels } from './log-levels.js';
import type { CheckedMcpToolSource, McpServerOptions } from './mcp-server-options.js';
import { readCallParams } from './read-call-params.js';
import type { RequestExtra } from './request-extra.js';
import { ToolService } from './tool-service.js';

/**
 * Makes an MCP server of toolcraft tools, prompts and resources, on the official SDK's low-level
 * `Server` (raw JSON Schema): `tools/list` gives every tool's name, description, JSON Schema,
 * output schema and annotations (from its side-effect options); `tools/call` goes through an
 * `AgentEnvironment`, so features, metadata providers, time limits, `maxResultChars` and
 * `errorDetail` apply, and unknown tools, bad arguments and failures are `isError: true` results with
 * the text the model would see in an agent. The `@Prompt` and `@Resource` methods of the services
 * given are served with `prompts/*`, `resources/*` and `completion/complete`; `logging/setLevel`
 * sets the lowest level of what `context.log` sends. Connect it to any SDK transport, or use
 * `serveMcpStdio` / `createMcpHttpHandler`.
 * @param source - a registry, an `AgentEnvironment`, or a list of tools, `@Tool` / `@Prompt` / `@Resource`
 *   service instances and registries (a list holding an environment, a toolset, a class or a string does not compile)
 * @param options - the server's name and version, and environment options
 * @returns the SDK server, not yet connected
 * @throws InvalidMcpOptionsError for a missing name or version, or a source that cannot be served
 * @throws InvalidToolDefinitionError for an item that is not a tool, a service or a registry
 * @throws DuplicateToolError when two different tools share a name
 * @example
 * const server = createMcpServer([new Notes(), registry], { name: 'notes', version: '1.0.0' });
 * await server.connect(new StdioServerTransport());
 */
export function createMcpServer<TItems extends readonly unknown[]>(
  source: CheckedMcpToolSource<TItems>,
  options: McpServerOptions,
): Server {
  return serverOf(new ToolService(source, options));
}

/** How a session-keeping HTTP handler follows a server's log level. */
export interface ServerHooks {
  /** The log level the session's client set before (a restored session). */
  logLevel?: LogLevel;
  /** Told when the client sets a log level. */
  onLogLevel?: (level: LogLevel) => void;
}

/**
 * A server answering with a service's tools, prompts and resources; the service is shared (the HTTP
 * handler makes one server per request, or per session, from one service).
 * @param service - the tools, prompts, resources, environment and server info
 * @param hooks - the log level of a restored session, and who is told of a new one
 * @returns the server
 */
export function serverOf(service: ToolService, hooks: ServerHooks = {}): Server {
  const { name, version, title, instructions, clientRequestTimeoutMs, resourceUpdates } = service.options;
  const { prompts, resources } = service;
  const capabilities: ServerCapabilities = { tools: service.catalog.dynamic ? { listChanged: true } : {}, logging: {} };
  if (prompts !== undefined) capabilities.prompts = {};
  if (resources !== undefined) capabilities.resources = resourceUpdates === undefined ? {} : { subscribe: true };
  if (prompts !== undefined || resources?.templatesResult.resourceTemplates.length) capabilities.completions = {};
  // The low-level Server is the SDK's way to serve raw JSON Schema (McpServer.registerTool takes zod only).
  const server = new Server(
    { name, version, ...(title === undefined ? {} : { title }) },
    instructions === undefined ? {} : { instructions },
  );
  // Registered after the constructor, so that logging/setLevel comes to the fallback handler below (the
  // SDK's own handler keeps the level where the calls' log messages cannot read it).
  server.registerCapabilities(capabilities);
  const connection = new McpConnection(server, name, clientRequestTimeoutMs ?? defaultClientRequestTimeoutMs);
  if (hooks.logLevel !== undefined) connection.logLevel = hooks.logLevel;
  const subscriptions = new Set<string>();
  if (resources !== undefined && resourceUpdates !== undefined) {
    const stop = resourceUpdates.listen((uri) => {
      if (subscriptions.has(uri))
        void server.notification({ method: 'notifications/resources/updated', params: { uri } }).catch(() => undefined);
    });
    const closed = server.onclose;
    server.onclose = () => {
      stop();
      closed?.();
    };
  }
  const errorDetail = service.options.errorDetail ?? 'message';
  /** Answers a prompt's or resource's request with its caller registered on the connection. */
  const marked = <T>(
    extra: RequestExtra,
    logger: string,
    answer: (call: Parameters<NonNullable<typeof prompts>['get']>[1]) => Promise<T>,
  ) => {
    const requestId = String(extra.requestId);
    connection.begin(requestId, extra, logger);
    return answer({ requestId, signal: extra.signal, context: connection.context, errorDetail }).finally(() => connection.end(requestId));
  };
  // Requests are answered through the fallback handler, which receives the raw request: the SDK's zod
  // parsing of each request and result (twice over for tools/call) costs more than the call.
  // Not an async function: the SDK calls it inside a promise chain (a throw becomes a JSON-RPC error),
  // and the call's own promise is returned as it is, with no extra layer.
  const { fixed } = service.catalog;
  const listResult = fixed === undefined ? undefined : Promise.resolve(fixed.listResult);
  server.fallbackRequestHandler = (request, extra) => {
    const { method, params } = request;
    if (method === 'tools/call') return service.call(readCallParams(params), extra, connection);
    if (method === 'tools/list') return listResult ?? service.list(extra, connection);
    if (method === 'logging/setLevel') {
      const level = (params as { level?: unknown } | undefined)?.level;
      if (!isLogLevel(level))
        throw new McpProtocolError(
          ProtocolErrorCode.invalidParams,
          `Invalid logging/setLevel request: params.level must be one of ${logLevels.join(', ')}.`,
        );
      connection.logLevel = level;
      hooks.onLogLevel?.(level);
      return Promise.resolve({});
    }
    if (prompts !== undefined) {
      if (method === 'prompts/list') return Promise.resolve(prompts.listResult);
      if (method === 'prompts/get') return marked(extra, promptName(params), (call) => prompts.get(params, call));
    }
    if (resources !== undefined) {
      if (method === 'resources/list') return marked(extra, 'resources/list', (call) => resources.list(call));
      if (method === 'resources/templates/list') return Promise.resolve(resources.templatesResult);
      if (method === 'resources/read') return marked(extra, 'resources/read', (call) => resources.read(params, call));
      if ((method === 'resources/subscribe' || method === 'resources/unsubscribe') && resourceUpdates !== undefined) {
        const uri = (params as { uri?: unknown } | undefined)?.uri;
        if (typeof uri !== 'string' || uri.length === 0)
          throw new McpProtocolError(
            ProtocolErrorCode.invalidParams,
            `Invalid ${method} request: params.uri must be the resource's URI (a string).`,
          );
        if (method === 'resources/subscribe') subscriptions.add(uri);
        else subscriptions.delete(uri);
        return Promise.resolve({});
      }
    }
    if (method === 'completion/complete' && capabilities.completions !== undefined)
      return Promise.resolve(complete(params, prompts, resources));
    throw new McpProtocolError(ProtocolErrorCode.methodNotFound, `Method not found: ${method}`);
  };
  return server;
}

function promptName(params: unknown): string {
  const name = (params as { name?: unknown } | undefined)?.name;
  return typeof name === 'string' ? name : 'prompts/get';
}
