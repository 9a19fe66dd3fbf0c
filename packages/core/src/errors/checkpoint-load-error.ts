import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'CheckpointLoadError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A run's checkpoint could not be loaded: the store threw, rejected, or took longer than 10 s. */
export class CheckpointLoadError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param runId - the run's id
   * @param cause - the store's error
   */
  constructor(
    readonly runId: string,
    cause: unknown,
  ) {
    super(`The checkpoint of run '${runId}' could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }

  /**
   * Tells whether a value is a {@link CheckpointLoadError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link CheckpointLoadError}
   */
  static override isInstance(error: unknown): error is CheckpointLoadError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
