import { describeThrownValue } from './describe-thrown-value.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'CheckpointSaveError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A run's checkpoint could not be saved (the store threw, rejected, or took longer than 10 s). Before
 * a batch of tool calls, the run fails with it and runs none of them (a call that ran without a
 * checkpoint could be repeated after a crash); at the end of a run, `result` holds the run's outcome,
 * which is complete but not saved.
 */
export class CheckpointSaveError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param runId - the run's id
   * @param cause - the store's error
   * @param result - the run's outcome, when the run had ended
   */
  constructor(
    readonly runId: string,
    cause: unknown,
    readonly result?: unknown,
  ) {
    super(`The checkpoint of run '${runId}' could not be saved: ${describeThrownValue(cause)}`, { cause });
  }

  /**
   * Tells whether a value is a {@link CheckpointSaveError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link CheckpointSaveError}
   */
  static override isInstance(error: unknown): error is CheckpointSaveError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
