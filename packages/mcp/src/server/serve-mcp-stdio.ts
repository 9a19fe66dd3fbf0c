import type { Readable, Writable } from 'node:stream';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from './create-mcp-server.js';
import type { CheckedMcpToolSource, McpServerOptions } from './mcp-server-options.js';

/** Options of {@link serveMcpStdio}: the server's options, and the streams (default the process's). */
export interface McpStdioOptions extends McpServerOptions {
  /** Where requests are read from; default `process.stdin`. */
  stdin?: Readable;
  /** Where answers are written; default `process.stdout` (so nothing else may write to it: log to stderr). */
  stdout?: Writable;
}

/**
 * Serves tools over stdio, as MCP hosts (Claude Desktop, IDEs) launch local servers: a line-delimited
 * JSON-RPC stream on stdin/stdout. When stdin ends (the host closed it), the server closes, and the
 * process exits once nothing else keeps it alive.
 * @param source - a registry, an `AgentEnvironment`, or a list of tools, `@Tool` service instances and registries
 * @param options - the server's name and version, environment options, and optionally the streams
 * @returns the connected server (`server.close()` stops serving)
 * @throws InvalidMcpOptionsError for a missing name or version, or a source that cannot be served
 * @example
 * // server.js, run by the host as `node server.js`
 * await serveMcpStdio([new WeatherTool()], { name: 'weather', version: '1.0.0' });
 */
export async function serveMcpStdio<TItems extends readonly unknown[]>(
  source: CheckedMcpToolSource<TItems>,
  options: McpStdioOptions,
): Promise<Server> {
  const { stdin = process.stdin, stdout = process.stdout, ...serverOptions } = options;
  const server = createMcpServer(source, serverOptions);
  await server.connect(new StdioServerTransport(stdin, stdout));
  stdin.once('end', () => void server.close().catch(() => undefined));
  return server;
}
