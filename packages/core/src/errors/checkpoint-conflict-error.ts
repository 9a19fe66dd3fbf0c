import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'CheckpointConflictError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A compare-and-set save of a checkpoint was refused: the stored copy is not at the version the
 * saver read, because another process (or another copy of the state) moved the run on meanwhile.
 * Nothing was written. A run that meets it stops before it runs anything more.
 */
export class CheckpointConflictError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param runId - the run's id
   * @param expectedVersion - the version the save expected (0: none stored)
   * @param actualVersion - the version stored (0: none)
   */
  constructor(
    readonly runId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(
      `The checkpoint of run '${runId}' is at version ${actualVersion}, not ${expectedVersion} as this save expected: another process or another copy of the state moved the run on. Nothing was saved; continue from the stored checkpoint (agent.recover(runId, { checkpoints })).`,
    );
  }

  /**
   * Tells whether a value is a {@link CheckpointConflictError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link CheckpointConflictError}
   */
  static override isInstance(error: unknown): error is CheckpointConflictError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
