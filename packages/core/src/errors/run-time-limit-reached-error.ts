import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'RunTimeLimitReachedError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * What a callback of user code bounded by `callBounded` (a guardrail, a context provider) is cut
 * short with when its time limit was the run's time left: the run's time is up (the run's own timer
 * may come a moment later), not a failure of the callback. Its callers stop the run as `max_duration`.
 * @internal
 */
export class RunTimeLimitReachedError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  constructor() {
    super("The run's time limit was reached.");
  }

  /**
   * Tells whether a value is a {@link RunTimeLimitReachedError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link RunTimeLimitReachedError}
   */
  static override isInstance(error: unknown): error is RunTimeLimitReachedError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
