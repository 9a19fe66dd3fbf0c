import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ToolFilterError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * An agent's `toolFilter` predicate that threw or did not answer with a boolean. The run fails with
 * it before the model call of that turn, the predicate's own error kept as `cause`.
 */
export class ToolFilterError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool the predicate was asked about
   * @param problem - what went wrong and what was expected
   * @param cause - what the predicate threw, if it threw
   */
  constructor(
    readonly toolName: string,
    problem: string,
    cause?: unknown,
  ) {
    super(`The agent's toolFilter ${problem} (asked about tool '${toolName}').`, { cause });
  }

  /**
   * Tells whether a value is a {@link ToolFilterError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ToolFilterError}
   */
  static override isInstance(error: unknown): error is ToolFilterError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
