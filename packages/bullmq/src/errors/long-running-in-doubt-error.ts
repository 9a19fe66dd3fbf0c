import { ToolcraftError } from '@toolcraft/core';

const errorName = 'LongRunningInDoubtError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A job of a tool that is not idempotent was started again after an attempt that never ended (its
 * worker died or lost the job's lock, and BullMQ's stalled-job check put it back). Whether the first
 * attempt had its effect is unknown, so the tool is not run again: the job fails with this error
 * (as the `cause` of BullMQ's `UnrecoverableError`), and the run is told the call is in doubt.
 */
export class LongRunningInDoubtError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool
   * @param ticket - the job's id
   */
  constructor(
    readonly toolName: string,
    readonly ticket: string,
  ) {
    super(
      `Error: tool '${toolName}' is in doubt: its job was started before and never finished (its worker stopped), and ` +
        `'${toolName}' is not idempotent, so it was not run again. Its effect may or may not have happened; check before calling it again.`,
    );
  }

  /**
   * Tells whether a value is a {@link LongRunningInDoubtError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link LongRunningInDoubtError}
   */
  static override isInstance(error: unknown): error is LongRunningInDoubtError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
