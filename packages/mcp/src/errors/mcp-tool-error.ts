import { ToolcraftError } from '@toolcraft/core';

const errorName = 'McpToolError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * An imported MCP tool answered with `isError: true`, or its `tools/call` request failed (a
 * JSON-RPC error, a malformed result). The message is the server's text without a leading `Error:`
 * and `tool '<name>' failed:` (the lead-in the environment adds back), told to the model as the
 * environment's `errorDetail` says.
 */
export class McpToolError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool, as the model calls it
   * @param message - the server's text
   * @param cause - the underlying error, if any
   */
  constructor(
    /** The tool, as the model calls it. */
    readonly toolName: string,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? {} : { cause });
  }

  /**
   * Tells whether a value is a {@link McpToolError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link McpToolError}
   */
  static override isInstance(error: unknown): error is McpToolError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
