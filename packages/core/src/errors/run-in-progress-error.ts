import { CheckpointConflictError } from './checkpoint-conflict-error.js';

const errorName = 'RunInProgressError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A run was resumed or recovered while its checkpoint says another process is running it (a run has
 * one owner at a time): nothing ran. Its owner is known to have stopped, and the run can be taken over,
 * when that was a process of this host that has ended, or once the run's time limit (`maxDurationMs`,
 * which ends it at the latest) has passed; until then wait for it to stop (its checkpoint then says
 * why) and continue from that checkpoint, or pass `{ takeOver: true }` when you know that process died. A {@link CheckpointConflictError}, so a caller that reloads
 * and tries again on a conflict does so here too.
 */
export class RunInProgressError extends CheckpointConflictError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param runId - the run's id
   * @param expectedVersion - the version of the state being resumed (0: none)
   * @param actualVersion - the version of the checkpoint that names the owner
   * @param owner - the process running it: its pid and host, and when its time limit ends it (ms since the epoch), if it has one
   */
  constructor(
    runId: string,
    expectedVersion: number,
    actualVersion: number,
    readonly owner: { pid: number; host: string; until?: number },
  ) {
    super(runId, expectedVersion, actualVersion);
    const until = owner.until === undefined ? 'it has no time limit' : `its time limit ends it by ${new Date(owner.until).toISOString()}`;
    this.message = `Run '${runId}' is running in process ${owner.pid} on host ${owner.host} (its checkpoint, version ${actualVersion}, says so; ${until}). A run has one owner at a time: nothing ran. Wait for it to stop and continue from its checkpoint; when that process has died, agent.recover(runId, { checkpoints }) takes the run over once the process is known to have ended (at once on the same host, otherwise after its time limit), or at once with { takeOver: true } when you know it died.`;
  }

  /**
   * Tells whether a value is a {@link RunInProgressError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link RunInProgressError}
   */
  static override isInstance(error: unknown): error is RunInProgressError {
    return CheckpointConflictError.hasMarker(error, marker);
  }
}
