import { ToolcraftError } from '@toolcraft/core';

const errorName = 'McpClientRequestError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A request a toolcraft MCP server sent its client within a tool call (`context.elicit`,
 * `context.sample`) failed: the client refused it, did not answer in time, or answered what does not
 * fit. The call ends with it as its error (the connection goes on).
 */
export class McpClientRequestError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param request - what was asked: `'elicitation'` or `'sampling'`
   * @param problem - what went wrong
   * @param cause - the underlying error, if any
   */
  constructor(
    /** What was asked. */
    readonly request: 'elicitation' | 'sampling',
    problem: string,
    cause?: unknown,
  ) {
    super(`The MCP client's ${request} failed: ${problem}`, cause === undefined ? {} : { cause });
  }

  /**
   * Tells whether a value is a {@link McpClientRequestError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link McpClientRequestError}
   */
  static override isInstance(error: unknown): error is McpClientRequestError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
