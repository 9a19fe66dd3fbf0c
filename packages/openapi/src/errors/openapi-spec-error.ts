import { ToolcraftError } from '@toolcraft/core';

const errorName = 'OpenApiSpecError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A spec an `OpenApiToolset` cannot use: it does not load or parse, is not OpenAPI 3.x, or an operation cannot become a tool. */
export class OpenApiSpecError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param where - the spec or the operation (`'POST /pets'`)
   * @param problem - what is wrong and what to do
   * @param cause - the underlying error, if any
   */
  constructor(
    readonly where: string,
    problem: string,
    cause?: unknown,
  ) {
    super(`OpenAPI ${where}: ${problem}`, { cause });
  }

  /**
   * Tells whether a value is an {@link OpenApiSpecError}, from any copy of the package.
   * @param error - any value
   * @returns true for an {@link OpenApiSpecError}
   */
  static override isInstance(error: unknown): error is OpenApiSpecError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
