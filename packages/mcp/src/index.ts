/**
 * @toolcraft/mcp: serve toolcraft tools as an MCP server (stdio, Streamable HTTP) and import MCP
 * servers' tools as a `Toolset`, on the official `@modelcontextprotocol/sdk`.
 * @packageDocumentation
 */
export { createMcpServer } from './server/create-mcp-server.js';
export { serveMcpStdio } from './server/serve-mcp-stdio.js';
export type { McpStdioOptions } from './server/serve-mcp-stdio.js';
export { createMcpHttpHandler } from './http/create-mcp-http-handler.js';
export type { McpHttpEndpoint, McpHttpHandler, McpHttpOptions } from './http/create-mcp-http-handler.js';
export { InMemoryMcpSessionStore } from './http/in-memory-session-store.js';
export type { InMemoryMcpSessionStoreOptions } from './http/in-memory-session-store.js';
export type { McpSessionRecord, McpSessionStore } from './http/session-store.js';
export { mcpRequestOf } from './server/connection.js';
export { McpResourceUpdates } from './server/resource-updates.js';
export { InMemoryMcpIdempotencyStore } from './server/in-memory-idempotency-store.js';
export type { InMemoryMcpIdempotencyStoreOptions } from './server/in-memory-idempotency-store.js';
export { idempotencyKeyMeta, replayedMeta } from './server/idempotency-store.js';
export type { McpIdempotencyStore, RecordedCall } from './server/idempotency-store.js';
export type { McpRequestInfo } from './server/connection.js';
export type {
  CheckedMcpToolSource,
  CheckedMcpToolsItem,
  CheckedMcpToolsItems,
  McpServerOptions,
  McpToolSource,
  McpToolsItem,
} from './server/mcp-server-options.js';
export type { McpToolAnnotations } from './server/tool-annotations.js';
export { McpConnectionError } from './errors/mcp-connection-error.js';
export { McpToolError } from './errors/mcp-tool-error.js';
export { InvalidMcpOptionsError } from './errors/invalid-mcp-options-error.js';
export { McpClientRequestError } from './errors/mcp-client-request-error.js';
export { McpToolset } from './client/mcp-toolset.js';
export { McpTool } from './client/mcp-tool.js';
export type { McpRemoteTool, McpRemoteToolAnnotations } from './client/mcp-remote-tool.js';
export type { McpHttpToolsetOptions, McpStdioToolsetOptions, McpToolsetOptions, McpToolsetWarning } from './client/mcp-toolset-options.js';
export type { McpElicitationHandler, McpElicitationRequest } from './client/elicitation.js';
export type { McpSamplingOptions } from './client/sampling.js';
export type { McpClientTransport } from './client/mcp-session.js';
