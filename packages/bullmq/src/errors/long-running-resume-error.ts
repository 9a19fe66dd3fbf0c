import { ToolcraftError } from '@toolcraft/core';

const errorName = 'LongRunningResumeError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * The final update of a long-running call could not be delivered to its run: the run was still
 * running (its checkpoint not stopped) after the resumer's `waitForRunMs`, e.g. because the process
 * running it died and nobody recovered it. Reported through `onError`; once the run is recovered,
 * `resumer.catchUp(runId)` delivers the update.
 */
export class LongRunningResumeError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param runId - the run
   * @param callId - the long-running call
   * @param waitedMs - how long the resumer waited for the run to stop
   */
  constructor(
    readonly runId: string,
    readonly callId: string,
    readonly waitedMs: number,
  ) {
    super(
      `The result of call '${callId}' could not be delivered to run '${runId}': the run was still running after ${waitedMs} ms. ` +
        'Recover it (agent.recover(runId, { checkpoints })), then resumer.catchUp(runId) delivers the result.',
    );
  }

  /**
   * Tells whether a value is a {@link LongRunningResumeError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link LongRunningResumeError}
   */
  static override isInstance(error: unknown): error is LongRunningResumeError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
