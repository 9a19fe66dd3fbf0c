import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'InvalidRunStateError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A saved run state that cannot be resumed: it is not a `RunState` (a value edited by hand into
 * another shape, or some other JSON), it was written by a newer version of toolcraft, or it belongs
 * to another agent. The message says what was found and what was expected.
 */
export class InvalidRunStateError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param problem - what is wrong with the state and what was expected
   * @param cause - the underlying error, if any
   */
  constructor(problem: string, cause?: unknown) {
    super(`Cannot use this run state: ${problem}`, { cause });
  }

  /**
   * Tells whether a value is an {@link InvalidRunStateError}, from any copy of the package.
   * @param error - any value
   * @returns true for an {@link InvalidRunStateError}
   */
  static override isInstance(error: unknown): error is InvalidRunStateError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
