import { isNamedToolcraftError, ToolcraftError } from './toolcraft-error.js';

/** One failing property of a tool call's arguments. */
export interface ArgumentViolation {
  /** The property path, e.g. `address.zip` or `items[2].name`; empty for the whole argument object. */
  path: string;
  /** The constraint that failed, e.g. `max`, `isInt`, `required`. */
  constraint: string;
  /** What was wrong and what was expected, in plain words. */
  message: string;
}

/** Arguments that could not be parsed or did not pass validation; lists every violation. */
export class ToolArgumentsError extends ToolcraftError {
  /**
   * @param toolName - the tool whose arguments failed
   * @param violations - each failing property with its constraint
   */
  constructor(
    readonly toolName: string,
    readonly violations: readonly ArgumentViolation[],
  ) {
    const lines = violations.map((violation) => `- ${violation.message}`);
    super(`Invalid arguments for tool '${toolName}':\n${lines.join('\n')}`);
  }

  /** True for a {@link ToolArgumentsError} of any copy of the package. */
  static override isInstance = isNamedToolcraftError<ToolArgumentsError>('ToolArgumentsError');
}
