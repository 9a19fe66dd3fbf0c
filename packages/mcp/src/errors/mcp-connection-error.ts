import { ToolcraftError } from '@toolcraft/core';

const errorName = 'McpConnectionError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * An imported MCP server could not be reached, or its connection ended: it failed to start, closed
 * while a call was open, or was closed with `toolset.close()`. Calls answer with it as an error
 * result; the run goes on.
 */
export class McpConnectionError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolset - the toolset's name
   * @param message - what happened to the connection
   * @param cause - the underlying error, if any
   */
  constructor(
    /** The toolset's name. */
    readonly toolset: string,
    message: string,
    cause?: unknown,
  ) {
    super(`MCP server '${toolset}': ${message}`, cause === undefined ? {} : { cause });
  }

  /**
   * Tells whether a value is a {@link McpConnectionError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link McpConnectionError}
   */
  static override isInstance(error: unknown): error is McpConnectionError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
