import { ToolcraftError } from '@toolcraft/core';

const errorName = 'InvalidLangChainToolsError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * What `toLangChainTools` or `fromLangChainTools` was given cannot be used: not tools, options of the
 * wrong type, a tool that declares `needsApproval`, or a LangChain tool whose name or schema toolcraft
 * cannot take. The message says what was wrong and what was expected.
 */
export class InvalidLangChainToolsError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param where - the function and, when it is about one tool, the tool (`"fromLangChainTools: tool 'search'"`)
   * @param problem - what is wrong and what to do
   * @param cause - the underlying error, if any
   */
  constructor(
    readonly where: string,
    problem: string,
    cause?: unknown,
  ) {
    super(`${where}: ${problem}`, { cause });
  }

  /**
   * Tells whether a value is an {@link InvalidLangChainToolsError}, from any copy of the package.
   * @param error - any value
   * @returns true for an {@link InvalidLangChainToolsError}
   */
  static override isInstance(error: unknown): error is InvalidLangChainToolsError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
