import { OptionsError } from './options-error.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'InvalidRunOptionsError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * Options of a run that cannot work (a developer's mistake, thrown before anything runs): a
 * `maxConcurrency` of `runParallel` that is not a positive integer, a task without an agent, a
 * session given to a workflow agent.
 */
export class InvalidRunOptionsError extends OptionsError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param option - the option's name, e.g. `'maxConcurrency'` or `'tasks[2].agent'`
   * @param value - the value given
   * @param expected - what was expected, e.g. `'a positive integer'`
   */
  constructor(option: string, value: unknown, expected: string) {
    super('Run', option, value, expected);
  }

  /**
   * Tells whether a value is an {@link InvalidRunOptionsError}, from any copy of the package.
   * @param error - any value
   * @returns true for an {@link InvalidRunOptionsError}
   */
  static override isInstance(error: unknown): error is InvalidRunOptionsError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
