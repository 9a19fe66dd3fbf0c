import { OptionsError } from './options-error.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'InvalidAgentOptionsError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** An `Agent` built with an impossible option (a developer's mistake, thrown by the constructor). */
export class InvalidAgentOptionsError extends OptionsError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param option - the option's name, e.g. `'maxIterations'` or `'retry.maxRetries'`
   * @param value - the value given
   * @param expected - what was expected, e.g. `'an integer of at least 1'`
   */
  constructor(option: string, value: unknown, expected: string) {
    super('Agent', option, value, expected);
  }

  /**
   * Tells whether a value is a {@link InvalidAgentOptionsError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link InvalidAgentOptionsError}
   */
  static override isInstance(error: unknown): error is InvalidAgentOptionsError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
