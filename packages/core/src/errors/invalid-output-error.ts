import { ToolcraftError } from './toolcraft-error.js';
import { listViolations, type ArgumentViolation } from './tool-arguments-error.js';

const errorName = 'InvalidOutputError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * The model's final answer did not fit the agent's `outputType` (it was not JSON, or it broke the
 * schema) after every retry the agent allows (`outputRetries`): `run.outputError` of a run that
 * stopped `'invalid_output'`. Lists each violation of the last answer, worded as for tool arguments.
 */
export class InvalidOutputError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param outputName - the output's name (`ResponseFormat.name`: `'invoice'`)
   * @param violations - what was wrong with the last answer
   * @param attempts - how many answers the model gave for the output (the first and each retry)
   * @param cause - what a validator threw (a zod refine), when one did
   */
  constructor(
    readonly outputName: string,
    readonly violations: readonly ArgumentViolation[],
    readonly attempts: number,
    cause?: unknown,
  ) {
    super(describeOutputViolations(outputName, violations), { cause });
  }

  /**
   * Tells whether a value is an {@link InvalidOutputError}, from any copy of the package.
   * @param error - any value
   * @returns true for an {@link InvalidOutputError}
   */
  static override isInstance(error: unknown): error is InvalidOutputError {
    return ToolcraftError.hasMarker(error, marker);
  }
}

/**
 * What is wrong with an answer for an output: a heading naming it, then one line per violation.
 * @param outputName - the output's name
 * @param violations - the violations
 * @returns the text (the error's message, and what the model is told before a retry)
 */
export function describeOutputViolations(outputName: string, violations: readonly ArgumentViolation[]): string {
  return listViolations(`Invalid output '${outputName}':`, violations);
}
