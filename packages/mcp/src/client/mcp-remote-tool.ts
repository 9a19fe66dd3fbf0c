/** The MCP annotations of a remote tool, as the server sent them (hints, not guarantees). */
export interface McpRemoteToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** A tool as an MCP server lists it (`tools/list`), before it is imported. */
export interface McpRemoteTool {
  /** The name the server calls it by. */
  name: string;
  /** A display title, if the server gave one. */
  title?: string;
  /** What it does. */
  description?: string;
  /** The JSON Schema of its arguments. */
  inputSchema: Record<string, unknown>;
  /** The JSON Schema of its `structuredContent`, if the server gave one. */
  outputSchema?: Record<string, unknown>;
  /** Its annotations, if any. */
  annotations?: McpRemoteToolAnnotations;
  /**
   * How it runs as an MCP task (experimental): `'required'` (only as a task: `McpToolset` calls it as
   * one), `'optional'` (called plainly) or `'forbidden'` (the default).
   */
  execution?: { taskSupport?: 'required' | 'optional' | 'forbidden' };
}
