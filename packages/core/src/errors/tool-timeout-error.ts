import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ToolTimeoutError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A tool call that ran longer than its time limit; its signal was aborted. */
export class ToolTimeoutError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool that timed out
   * @param timeoutMs - the limit it exceeded
   */
  constructor(
    readonly toolName: string,
    readonly timeoutMs: number,
  ) {
    super(`Tool '${toolName}' did not finish within ${timeoutMs} ms and was stopped.`);
  }

  /**
   * Tells whether a value is a {@link ToolTimeoutError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ToolTimeoutError}
   */
  static override isInstance(error: unknown): error is ToolTimeoutError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
