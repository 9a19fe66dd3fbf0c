import { ToolcraftError } from '@toolcraft/core';

const errorName = 'LongRunningResumerClosedError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A delivery stopped waiting (for its run to stop, or for the checkpoint store's `load`) because its
 * resumer was closed. Nothing was delivered; the update's claim is released, so another resumer
 * (or `catchUp` after a restart) delivers it.
 */
export class LongRunningResumerClosedError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  constructor() {
    super('The long-running resumer was closed while this delivery waited; nothing was delivered, and another resumer can deliver it.');
  }

  /**
   * Tells whether a value is a {@link LongRunningResumerClosedError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link LongRunningResumerClosedError}
   */
  static override isInstance(error: unknown): error is LongRunningResumerClosedError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
