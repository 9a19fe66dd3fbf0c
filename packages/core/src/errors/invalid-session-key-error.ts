import { describeThrownValue } from './describe-thrown-value.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'InvalidSessionKeyError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A session key (`appName`, `userId`, `sessionId`) that is not a usable name. */
export class InvalidSessionKeyError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param field - the key's field: `'appName'`, `'userId'` or `'sessionId'`
   * @param value - the value given
   */
  constructor(
    readonly field: string,
    readonly value: unknown,
  ) {
    super(
      `Session ${field} must be a non-empty string of at most 256 characters without control characters, but was ${describeThrownValue(value)}.`,
    );
  }

  /**
   * Tells whether a value is a {@link InvalidSessionKeyError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link InvalidSessionKeyError}
   */
  static override isInstance(error: unknown): error is InvalidSessionKeyError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
