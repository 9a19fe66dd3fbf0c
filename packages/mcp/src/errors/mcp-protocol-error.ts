import { ToolcraftError } from '@toolcraft/core';

const errorName = 'McpProtocolError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** JSON-RPC and MCP error codes the server answers with. */
export const ProtocolErrorCode = {
  /** The method is not one the server answers. */
  methodNotFound: -32601,
  /** The params are malformed, or name a prompt that does not exist, or break its arguments' schema. */
  invalidParams: -32602,
  /** The server failed (a method threw, or returned what cannot be sent). */
  internalError: -32603,
  /** MCP's code for a `resources/read` of a URI no resource serves. */
  resourceNotFound: -32002,
} as const;

/**
 * What a request handler of a toolcraft MCP server throws to answer with a JSON-RPC error: the SDK
 * sends its `code`, `message` and `data` as they are. Unlike the SDK's `McpError`, whose message starts
 * with `MCP error <code>:`, the message is only the text, so a client (which adds that prefix itself)
 * does not show it twice.
 */
export class McpProtocolError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param code - the JSON-RPC error code
   * @param message - what was wrong
   * @param data - extra data for the client (`{ uri }` for a resource not found)
   */
  constructor(
    /** The JSON-RPC error code. */
    readonly code: number,
    message: string,
    /** Extra data for the client, if any. */
    readonly data?: unknown,
  ) {
    super(message);
  }

  /**
   * Tells whether a value is a {@link McpProtocolError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link McpProtocolError}
   */
  static override isInstance(error: unknown): error is McpProtocolError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
