import { ToolcraftError } from '@toolcraft/core';
import { describeValue } from '@toolcraft/core/internal';

const errorName = 'InvalidToolsetOptionsError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A built-in tool or toolset made with an impossible option (a developer's mistake, thrown by its constructor). */
export class InvalidToolsetOptionsError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param subject - the class (`'ToolSearchToolset'`)
   * @param option - the option
   * @param value - what it was given
   * @param expected - what it must be
   * @param described - what it was, in words, when the value itself does not say (`'a list with two tools named \'refund\''`)
   */
  constructor(
    readonly subject: string,
    readonly option: string,
    value: unknown,
    expected: string,
    described?: string,
  ) {
    super(`${subject}: option '${option}' must be ${expected}, but was ${described ?? describeValue(value)}.`);
  }

  /**
   * Tells whether a value is an {@link InvalidToolsetOptionsError}, from any copy of the package.
   * @param error - any value
   * @returns true for an {@link InvalidToolsetOptionsError}
   */
  static override isInstance(error: unknown): error is InvalidToolsetOptionsError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
