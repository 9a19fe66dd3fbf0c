import { ToolcraftError, type ToolcraftErrorOptions } from './toolcraft-error.js';

const errorName = 'CorruptSessionError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A stored session or scope record that cannot be read (not JSON, or not the shape toolcraft wrote); it is left untouched. */
export class CorruptSessionError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param location - where the record is: a file path, or a store's key
   * @param detail - what is wrong with it
   * @param options - the parse error, if any
   */
  constructor(
    readonly location: string,
    detail: string,
    options: ToolcraftErrorOptions = {},
  ) {
    super(
      `Session record '${location}' is corrupt: ${detail}. It was left untouched; repair or remove it to use this session again.`,
      options,
    );
  }

  /**
   * Tells whether a value is a {@link CorruptSessionError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link CorruptSessionError}
   */
  static override isInstance(error: unknown): error is CorruptSessionError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
