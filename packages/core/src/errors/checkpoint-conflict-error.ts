import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'CheckpointConflictError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A checkpoint save that named the version it read (`expectedVersion`) found another one stored:
 * another process saved the run's checkpoint first (compare-and-set failed). Nothing was written.
 * Load the checkpoint again and decide from what it holds.
 */
export class CheckpointConflictError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param runId - the run's id
   * @param expectedVersion - the version the save expected (0: no checkpoint yet)
   * @param actualVersion - the version stored (0: none)
   */
  constructor(
    readonly runId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(
      `The checkpoint of run '${runId}' is at version ${actualVersion}, not the expected ${expectedVersion}: another process saved it first. Nothing was written; load the checkpoint again and continue from it.`,
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
