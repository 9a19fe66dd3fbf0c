import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ToolBlockedError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A tool call that a feature's `onToolCallStarting` handler blocked (`{ block: reason }`): the tool did
 * not run. The model is told the reason; the host reads which feature blocked it in `feature`.
 */
export class ToolBlockedError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool that was not run
   * @param feature - the name of the feature whose handler blocked the call
   * @param reason - the handler's reason, told to the model
   */
  constructor(
    readonly toolName: string,
    readonly feature: string,
    readonly reason: string,
  ) {
    super(reason === '' ? `The call to tool '${toolName}' was blocked.` : `The call to tool '${toolName}' was blocked: ${reason}`);
  }

  /**
   * Tells whether a value is a {@link ToolBlockedError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ToolBlockedError}
   */
  static override isInstance(error: unknown): error is ToolBlockedError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
