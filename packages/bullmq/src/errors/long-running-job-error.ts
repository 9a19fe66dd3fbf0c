import { ToolcraftError } from '@toolcraft/core';

const errorName = 'LongRunningJobError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * What a worker throws when a job's tool call failed: its message is the text the model is to read
 * (the environment's error result, as its `errorDetail` says), the tool's own error is the `cause`.
 * BullMQ stores the message as the job's `failedReason`. When the failure may not be retried (the
 * tool is not idempotent, or the error is neither a timeout nor marked `retryable`), the worker
 * throws BullMQ's `UnrecoverableError` with this error as its `cause`, so no attempt follows.
 */
export class LongRunningJobError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool whose call failed
   * @param ticket - the job's id
   * @param message - the text for the model
   * @param retryable - whether another attempt may succeed (and the tool's `retry` allows one)
   * @param cause - the tool's error
   */
  constructor(
    readonly toolName: string,
    readonly ticket: string,
    message: string,
    readonly retryable: boolean,
    cause?: unknown,
  ) {
    super(message, { cause });
  }

  /**
   * Tells whether a value is a {@link LongRunningJobError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link LongRunningJobError}
   */
  static override isInstance(error: unknown): error is LongRunningJobError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
