import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'InvalidToolDefinitionError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A developer's mistake in a tool's definition, reported when the tool is built or registered. */
export class InvalidToolDefinitionError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param subject - the tool, class or method at fault (e.g. `MathService.add`)
   * @param problem - what is wrong and what to do instead
   * @param cause - an underlying error, if any
   */
  constructor(
    readonly subject: string,
    problem: string,
    cause?: unknown,
  ) {
    super(`Invalid tool definition ${subject}: ${problem}`, { cause });
  }

  /**
   * Tells whether a value is a {@link InvalidToolDefinitionError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link InvalidToolDefinitionError}
   */
  static override isInstance(error: unknown): error is InvalidToolDefinitionError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
