import { describeThrownValue } from './describe-thrown-value.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'UnserializableSessionValueError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A state value or message that cannot be stored as JSON (a bigint, a cycle, a function...); nothing was written. */
export class UnserializableSessionValueError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param what - which value, e.g. `state key 'user:theme'`
   * @param cause - what JSON.stringify threw, or why the value is refused
   */
  constructor(
    readonly what: string,
    cause: unknown,
  ) {
    super(`Cannot store ${what} in the session: it is not JSON (${describeThrownValue(cause)}). Nothing was written.`, { cause });
  }

  /**
   * Tells whether a value is a {@link UnserializableSessionValueError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link UnserializableSessionValueError}
   */
  static override isInstance(error: unknown): error is UnserializableSessionValueError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
