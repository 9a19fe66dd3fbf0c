import { OptionsError } from './options-error.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'InvalidMemoryOptionsError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A memory strategy built (or restored with `fromJSON`) from an impossible option. */
export class InvalidMemoryOptionsError extends OptionsError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param strategy - the strategy's class, e.g. `'SlidingWindowMemory'`
   * @param option - the option's name
   * @param value - the value given
   * @param expected - what was expected
   */
  constructor(
    readonly strategy: string,
    option: string,
    value: unknown,
    expected: string,
  ) {
    super(strategy, option, value, expected);
  }

  /**
   * Tells whether a value is a {@link InvalidMemoryOptionsError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link InvalidMemoryOptionsError}
   */
  static override isInstance(error: unknown): error is InvalidMemoryOptionsError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
