import { describeThrownValue } from './describe-thrown-value.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'UnsupportedSessionFormatError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A stored session or scope record written by a newer version of toolcraft (a format version this one does not know); it is left untouched. */
export class UnsupportedSessionFormatError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param location - where the record is: a file path, or a store's key
   * @param found - the record's format version
   * @param supported - the newest format version this toolcraft reads
   */
  constructor(
    readonly location: string,
    readonly found: unknown,
    readonly supported: number,
  ) {
    super(
      `Session record '${location}' has format version ${describeThrownValue(found)}, but this toolcraft reads format versions up to ${supported}; it was probably written by a newer toolcraft. It was left untouched: upgrade @toolcraft/core to use it.`,
    );
  }

  /**
   * Tells whether a value is a {@link UnsupportedSessionFormatError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link UnsupportedSessionFormatError}
   */
  static override isInstance(error: unknown): error is UnsupportedSessionFormatError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
