import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ToolsetError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A toolset that could not give the tools of a turn: its `getTools` threw or rejected, or returned
 * something other than tools. The run fails with it before the model call of that turn (as in
 * Google ADK), the toolset's own error kept as `cause`.
 */
export class ToolsetError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolsetName - the toolset's name
   * @param problem - what went wrong and what was expected
   * @param cause - the toolset's error, if it threw
   */
  constructor(
    readonly toolsetName: string,
    problem: string,
    cause?: unknown,
  ) {
    super(`Toolset '${toolsetName}' ${problem}`, { cause });
  }

  /**
   * Tells whether a value is a {@link ToolsetError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ToolsetError}
   */
  static override isInstance(error: unknown): error is ToolsetError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
