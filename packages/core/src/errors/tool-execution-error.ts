import { isNamedToolcraftError, ToolcraftError } from './toolcraft-error.js';

/** A tool that threw, or whose result could not be formatted; the original error is the `cause`. */
export class ToolExecutionError extends ToolcraftError {
  /**
   * @param toolName - the tool that failed
   * @param message - what the host is told
   * @param cause - the error the tool threw
   */
  constructor(
    readonly toolName: string,
    message: string,
    cause?: unknown,
  ) {
    super(message, { cause });
  }

  /** True for a {@link ToolExecutionError} of any copy of the package. */
  static override isInstance = isNamedToolcraftError<ToolExecutionError>('ToolExecutionError');
}
