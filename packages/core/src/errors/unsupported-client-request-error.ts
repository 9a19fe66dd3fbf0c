import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'UnsupportedClientRequestError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A tool call asked its caller for something the caller does not offer: `context.elicit` or
 * `context.sample` outside an MCP server, or for an MCP client that did not declare the capability.
 */
export class UnsupportedClientRequestError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param request - what was asked: `'elicitation'` or `'sampling'`
   * @param reason - why it cannot be asked
   */
  constructor(
    /** What was asked. */
    readonly request: 'elicitation' | 'sampling',
    reason: string,
  ) {
    super(`This call cannot ask for ${request}: ${reason}`);
  }

  /**
   * Tells whether a value is a {@link UnsupportedClientRequestError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link UnsupportedClientRequestError}
   */
  static override isInstance(error: unknown): error is UnsupportedClientRequestError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
