import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ToolCancelledError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A tool call cancelled by its environment's or run's `AbortSignal` before it finished. */
export class ToolCancelledError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool whose call was cancelled
   * @param reason - the abort reason, if any
   */
  constructor(
    readonly toolName: string,
    reason?: unknown,
  ) {
    super(`Tool '${toolName}' was cancelled before it finished.`, { cause: reason });
  }

  /**
   * Tells whether a value is a {@link ToolCancelledError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ToolCancelledError}
   */
  static override isInstance(error: unknown): error is ToolCancelledError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
