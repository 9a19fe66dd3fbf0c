/**
 * The shapes `@toolcraft/mcp` stores, written here structurally so that this package does not depend
 * on `@toolcraft/mcp` (a Redis store works as its `McpSessionStore` and `McpIdempotencyStore`).
 */

/** A JSON-RPC message, as a stream event holds it. */
export type McpMessage = Record<string, unknown>;

/** What an MCP session store keeps of one session (`McpSessionRecord` of `@toolcraft/mcp`). */
export interface McpSessionData {
  /** The client's `initialize` request. */
  initialize: McpMessage;
  /** The log level the client set, if any. */
  logLevel?: string;
}

/** A call's recorded result (`RecordedCall` of `@toolcraft/mcp`). */
export interface McpRecordedCall {
  /** A digest of the tool's name and arguments. */
  fingerprint: string;
  /** The `tools/call` result. */
  result: Record<string, unknown>;
}
