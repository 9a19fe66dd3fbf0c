import type { AgentEnvironment, AgentEnvironmentOptions, ToolRegistry, ToolsItem } from '@toolcraft/core';

/**
 * The tools an MCP server exposes: a registry, a list of tools and `@Tool` services (made into a
 * registry), or an `AgentEnvironment` whose registry, features and limits are used as they are.
 */
export type McpToolSource = ToolRegistry | AgentEnvironment | readonly ToolsItem[];

/**
 * Options of `createMcpServer` and `serveMcpStdio`: the server's name and version (sent to clients
 * in `initialize`), and the options of the `AgentEnvironment` its calls go through (features,
 * `toolTimeoutMs`, `errorDetail`, `maxResultChars`...; ignored when the source is an environment).
 */
export interface McpServerOptions extends Omit<AgentEnvironmentOptions, 'registry'> {
  /** The server's name, e.g. `'weather'`. */
  name: string;
  /** The server's version, e.g. `'1.0.0'`. */
  version: string;
  /** A human-readable title for clients' menus. */
  title?: string;
  /** How to use the server, sent to the client in `initialize` (clients may add it to the model's prompt). */
  instructions?: string;
}
