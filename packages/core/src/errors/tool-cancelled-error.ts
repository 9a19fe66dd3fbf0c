import { isNamedToolcraftError, ToolcraftError } from './toolcraft-error.js';

/** A tool call cancelled by its environment's or run's `AbortSignal` before it finished. */
export class ToolCancelledError extends ToolcraftError {
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

  /** True for a {@link ToolCancelledError} of any copy of the package. */
  static override isInstance = isNamedToolcraftError<ToolCancelledError>('ToolCancelledError');
}
