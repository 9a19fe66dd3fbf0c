import { ToolcraftError } from '@toolcraft/core';

const errorName = 'LongRunningConflictError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * The update of a long-running call could not be delivered: each time the resumer resumed the run
 * with it, another process had moved the run on first (its checkpoint save was refused with
 * `CheckpointConflictError`), and the resumer gave up after `attempts` tries. Nothing of this
 * delivery was saved; `resumer.catchUp(runId)` delivers it again once the run is quiet.
 */
export class LongRunningConflictError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param runId - the run
   * @param callId - the long-running call
   * @param attempts - how many times the delivery was tried
   * @param cause - the last conflict
   */
  constructor(
    readonly runId: string,
    readonly callId: string,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(
      `The result of call '${callId}' could not be delivered to run '${runId}': another process moved the run on first, ${attempts} times in a row. ` +
        'Nothing of this delivery was saved; resumer.catchUp(runId) delivers the result again.',
      { cause },
    );
  }

  /**
   * Tells whether a value is a {@link LongRunningConflictError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link LongRunningConflictError}
   */
  static override isInstance(error: unknown): error is LongRunningConflictError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
