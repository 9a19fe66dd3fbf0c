import { ToolcraftError } from '@toolcraft/core';

const errorName = 'LongRunningUpdateError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * An update of a long-running call could not be delivered: its job is gone from the queue (removed
 * before the listener read it), so the run and call it belongs to are unknown. Reported through
 * the `onError` of `LongRunningUpdates.listen`.
 */
export class LongRunningUpdateError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param queueName - the queue
   * @param ticket - the job's id
   */
  constructor(
    readonly queueName: string,
    readonly ticket: string,
  ) {
    super(
      `The update of job '${ticket}' of queue '${queueName}' cannot be delivered: the job is gone, so its run and call are unknown ` +
        '(keep finished jobs until their runs have their results: no removeOnComplete or removeOnFail of true).',
    );
  }

  /**
   * Tells whether a value is a {@link LongRunningUpdateError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link LongRunningUpdateError}
   */
  static override isInstance(error: unknown): error is LongRunningUpdateError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
