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
    super(describeViolations(toolName, violations));
  }

  /** True for a {@link ToolArgumentsError} of any copy of the package. */
  static override isInstance = isNamedToolcraftError<ToolArgumentsError>('ToolArgumentsError');
}

/**
 * The message of a {@link ToolArgumentsError}: the tool, then one line per violation.
 * @param toolName - the tool whose arguments failed
 * @param violations - the violations
 * @returns the message
 */
export function describeViolations(toolName: string, violations: readonly ArgumentViolation[]): string {
  let text = `Invalid arguments for tool '${toolName}':`;
  for (const violation of violations) text += `\n- ${violation.message}`;
  return text;
}
