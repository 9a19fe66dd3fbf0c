import { isNamedToolcraftError, ToolcraftError } from './toolcraft-error.js';

/** A developer's mistake in a tool's definition, reported when the tool is built or registered. */
export class InvalidToolDefinitionError extends ToolcraftError {
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

  /** True for an {@link InvalidToolDefinitionError} of any copy of the package. */
  static override isInstance = isNamedToolcraftError<InvalidToolDefinitionError>('InvalidToolDefinitionError');
}
