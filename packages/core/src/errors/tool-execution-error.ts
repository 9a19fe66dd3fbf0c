import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ToolExecutionError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A tool that threw, or whose result could not be formatted; the original error is the `cause`. */
export class ToolExecutionError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

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

  /**
   * Tells whether a value is a {@link ToolExecutionError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ToolExecutionError}
   */
  static override isInstance(error: unknown): error is ToolExecutionError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
