import { isNamedToolcraftError, ToolcraftError } from './toolcraft-error.js';

/** A tool call that ran longer than its time limit; its signal was aborted. */
export class ToolTimeoutError extends ToolcraftError {
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

  /** True for a {@link ToolTimeoutError} of any copy of the package. */
  static override isInstance = isNamedToolcraftError<ToolTimeoutError>('ToolTimeoutError');
}
