import type { McpRemoteTool } from './mcp-remote-tool.js';

/** A problem an {@link McpToolset} worked around (a tool skipped, a reconnection that failed). */
export interface McpToolsetWarning {
  /** The toolset's name. */
  toolset: string;
  /** The remote tool concerned, when there is one. */
  tool?: string;
  /** What happened and what was done about it. */
  message: string;
  /** The underlying error, if any. */
  cause?: unknown;
}

/** Options of every {@link McpToolset}. */
export interface McpToolsetOptions {
  /** The toolset's name, in errors and warnings; default the command's or URL's. */
  name?: string;
  /** Which remote tools to offer: names (as the server calls them) or a predicate; default all. */
  toolFilter?: readonly string[] | ((tool: McpRemoteTool) => boolean);
  /** Put before every remote tool's name (`'github_'`), so two servers' tools cannot clash. */
  prefix?: string;
  /** Each call's time limit, in ms (the tools' `timeoutMs`); default the environment's `toolTimeoutMs`. */
  timeoutMs?: number;
  /** The time limit of connecting and of listing tools, in ms; default 60,000. */
  requestTimeoutMs?: number;
  /** Results longer than this are cut as they arrive, with a marker; default no limit (the environment's `maxResultChars` still applies). */
  maxResultChars?: number;
  /** Told of skipped tools and failed reconnections; default a process warning. A listener that throws is ignored. */
  onWarning?: (warning: McpToolsetWarning) => void;
  /** How this client introduces itself to the server; default `{ name: 'toolcraft', version: '0.1.0' }`. */
  clientInfo?: { name: string; version: string };
}

/** Options of {@link McpToolset.stdio}: the server's command line and environment, and the toolset options. */
export interface McpStdioToolsetOptions extends McpToolsetOptions {
  /** The executable, e.g. `'node'` or `'npx'`. */
  command: string;
  /** Its arguments. */
  args?: readonly string[];
  /** Environment variables, added to a minimal inherited set (`HOME`, `PATH`, `USER`...). */
  env?: Readonly<Record<string, string>>;
  /** The working directory; default the current one. */
  cwd?: string;
  /** Where the server's stderr goes: `'inherit'` (default, this process's stderr) or `'ignore'`; its last lines are kept for error messages either way. */
  stderr?: 'inherit' | 'ignore';
}

/** Options of {@link McpToolset.http}: request headers and the toolset options. */
export interface McpHttpToolsetOptions extends McpToolsetOptions {
  /** Headers sent with every request, e.g. `{ Authorization: 'Bearer ...' }`. */
  headers?: Readonly<Record<string, string>>;
}
