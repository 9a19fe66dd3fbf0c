import { ToolcraftError } from '@toolcraft/core';

const errorName = 'LangChainToolError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A LangChain tool imported with `fromLangChainTools` answered with an error (a `ToolMessage` of
 * `status: 'error'`) or with something a toolcraft result cannot be made of (a LangGraph `Command`).
 * The environment turns it into an error result whose text is this message.
 */
export class LangChainToolError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool's name
   * @param message - what the tool answered, or why its answer cannot be used
   * @param output - what the LangChain tool returned
   */
  constructor(
    readonly toolName: string,
    message: string,
    readonly output?: unknown,
  ) {
    super(message);
  }

  /**
   * Tells whether a value is a {@link LangChainToolError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link LangChainToolError}
   */
  static override isInstance(error: unknown): error is LangChainToolError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
