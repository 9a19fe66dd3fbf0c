import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'InvalidProgressError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** `context.reportProgress(done, total?, message?)` was called with values that are not a progress report. */
export class InvalidProgressError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /** @param problem - what was wrong, e.g. "done was -1" */
  constructor(problem: string) {
    super(
      `reportProgress(done, total?, message?) expects done a finite number >= 0, total (if given) a finite number > 0 and message (if given) a string, but ${problem}.`,
    );
  }

  /**
   * Tells whether a value is an {@link InvalidProgressError}, from any copy of the package.
   * @param error - any value
   * @returns true for an {@link InvalidProgressError}
   */
  static override isInstance(error: unknown): error is InvalidProgressError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
