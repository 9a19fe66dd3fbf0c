import { describeThrownValue } from './describe-thrown-value.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ToolsetCloseError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** One toolset that failed to close: its name and what it threw (or that it did not finish in time). */
export interface ToolsetCloseFailure {
  /** The toolset's name. */
  readonly toolset: string;
  /** What its `close()` threw or rejected with, or the timeout error. */
  readonly error: unknown;
}

/**
 * `agent.close()` closed every toolset, and some of them failed: every failure is listed in
 * `failures` (the first is also the `cause`); the others were closed all the same.
 */
export class ToolsetCloseError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /** @param failures - every toolset that failed to close, in the agent's order */
  constructor(readonly failures: readonly ToolsetCloseFailure[]) {
    const list = failures.map((failure) => `'${failure.toolset}' (${describeThrownValue(failure.error)})`).join(', ');
    super(`${failures.length} toolset${failures.length === 1 ? '' : 's'} failed to close: ${list}. The other toolsets were closed.`, {
      cause: failures[0]?.error,
    });
  }

  /**
   * Tells whether a value is a {@link ToolsetCloseError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ToolsetCloseError}
   */
  static override isInstance(error: unknown): error is ToolsetCloseError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
