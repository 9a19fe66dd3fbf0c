import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'CheckpointLockTimeoutError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A `FileCheckpointStore` save or delete that could not take the run's lock file in time; nothing was written. */
export class CheckpointLockTimeoutError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param lockPath - the lock file
   * @param waitedMs - how long the write waited
   */
  constructor(
    readonly lockPath: string,
    readonly waitedMs: number,
  ) {
    super(
      `Could not take the checkpoint lock '${lockPath}' within ${waitedMs} ms: another process holds it. Nothing was written. If no process is writing, the lock is stale and is broken after staleLockMs (at once when its holder was a process of this host that has ended).`,
    );
  }

  /**
   * Tells whether a value is a {@link CheckpointLockTimeoutError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link CheckpointLockTimeoutError}
   */
  static override isInstance(error: unknown): error is CheckpointLockTimeoutError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
