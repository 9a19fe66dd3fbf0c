import { ToolcraftError } from '@toolcraft/core';

const errorName = 'StrictSchemaError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A tool whose input schema cannot be made to follow OpenAI's strict-mode rules.
 *
 * Thrown when tool definitions are converted with `strict: true`, so the problem
 * shows at startup instead of as a 400 from the API on the first request.
 */
export class StrictSchemaError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool whose schema is not strict-compatible
   * @param path - where in the schema, as a JSONPath (`$`, `$.address.zip`, `$.tags[*]`)
   * @param reason - what strict mode does not allow there
   */
  constructor(
    readonly toolName: string,
    readonly path: string,
    readonly reason: string,
  ) {
    super(
      `Tool '${toolName}' cannot use OpenAI strict mode: at ${path}, ${reason}. ` +
        `Change the tool's input schema or convert it with { strict: false }.`,
    );
  }

  /**
   * Tells whether a value is a {@link StrictSchemaError} of any copy of the package.
   * @param error - any value
   * @returns true for a {@link StrictSchemaError}
   */
  static override isInstance(error: unknown): error is StrictSchemaError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
