import { OptionsError } from './options-error.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'InvalidEnvironmentOptionsError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** An `AgentEnvironment` built with an impossible option (a developer's mistake, thrown by the constructor). */
export class InvalidEnvironmentOptionsError extends OptionsError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param option - the option's name, e.g. `'maxConcurrency'`
   * @param value - the value given
   * @param expected - what was expected
   */
  constructor(option: string, value: unknown, expected: string) {
    super('AgentEnvironment', option, value, expected);
  }

  /**
   * Tells whether a value is a {@link InvalidEnvironmentOptionsError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link InvalidEnvironmentOptionsError}
   */
  static override isInstance(error: unknown): error is InvalidEnvironmentOptionsError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
