import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';

/**
 * Per-run limits of one tool (Microsoft Agent Framework's `max_invocations` and
 * `max_invocation_exceptions`). Past a limit, a call is answered with an error result naming it, and
 * from the next model turn the tool is no longer offered. Counted per run; default no limit.
 */
export interface ToolLimits {
  /** The most calls of this tool one run executes (an integer of at least 1, or Infinity). */
  maxInvocations?: number;
  /** The most failed calls (an error result: invalid arguments, a throw, a timeout) of this tool in one run. */
  maxFailures?: number;
}

/**
 * Reads and checks the limits of a tool's options.
 * @param options - the tool's options
 * @param subject - the tool, for the error message
 * @returns only the limits that are set
 * @throws InvalidToolDefinitionError for a limit that is not an integer of at least 1 (or Infinity)
 */
export function readToolLimits(options: ToolLimits, subject: string): ToolLimits {
  const limits: ToolLimits = {};
  for (const key of ['maxInvocations', 'maxFailures'] as const) {
    const value = options[key];
    if (value === undefined) continue;
    if (value !== Number.POSITIVE_INFINITY && !(Number.isInteger(value) && value >= 1))
      throw new InvalidToolDefinitionError(
        subject,
        `${key} must be an integer of at least 1 (Infinity for no limit), but was ${String(value)}.`,
      );
    limits[key] = value;
  }
  return limits;
}
