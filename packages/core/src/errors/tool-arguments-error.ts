import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ToolArgumentsError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

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
  private readonly [marker] = true;
  override readonly name: string = errorName;

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

  /**
   * Tells whether a value is a {@link ToolArgumentsError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ToolArgumentsError}
   */
  static override isInstance(error: unknown): error is ToolArgumentsError {
    return ToolcraftError.hasMarker(error, marker);
  }
}

/** The most violations a message lists; the rest are counted ("and N more"). */
export const maxListedViolations = 20;

/** The longest message of a {@link ToolArgumentsError}, in characters; longer text is cut. */
export const maxViolationMessageLength = 4000;

/**
 * The message of a {@link ToolArgumentsError}: the tool, then one line per violation, bounded as
 * {@link listViolations} bounds it.
 * @param toolName - the tool whose arguments failed
 * @param violations - the violations (a last `moreViolations` entry counts those a decoder left out)
 * @returns the message
 */
export function describeViolations(toolName: string, violations: readonly ArgumentViolation[]): string {
  return listViolations(`Invalid arguments for tool '${toolName}':`, violations);
}

/**
 * A heading, then one line per violation, bounded: at most {@link maxListedViolations} lines then
 * "and N more", each line and the whole text cut so the text stays under
 * {@link maxViolationMessageLength} characters whatever the value was. The one wording of violations
 * (tool arguments, an agent's structured output).
 * @param heading - the first line (`Invalid arguments for tool 'add':`)
 * @param violations - the violations (a last `moreViolations` entry counts those a decoder left out)
 * @returns the text
 */
export function listViolations(heading: string, violations: readonly ArgumentViolation[]): string {
  let text = heading;
  let omitted = 0;
  let listed = 0;
  for (const violation of violations) {
    if (violation.constraint === 'moreViolations') {
      omitted += Number(/\d+/.exec(violation.message)?.[0] ?? 0);
      continue;
    }
    if (listed >= maxListedViolations || text.length >= maxViolationMessageLength - 300) {
      omitted++;
      continue;
    }
    const message = String(violation.message);
    text += `\n- ${message.length > 500 ? `${message.slice(0, 500)}… (${message.length} characters)` : message}`;
    listed++;
  }
  if (omitted > 0) text += `\n- and ${omitted} more`;
  return text.length > maxViolationMessageLength ? `${text.slice(0, maxViolationMessageLength - 1)}…` : text;
}
