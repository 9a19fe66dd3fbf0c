import { ProviderSchemaError, ToolcraftError } from '@toolcraft/core';

const errorName = 'StrictSchemaError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A tool whose input schema (or an agent's structured output) cannot be made to follow OpenAI's
 * strict-mode rules.
 *
 * Thrown when tool definitions are converted with `strict: true` (by `toOpenAITools`,
 * `toResponsesTools`, or a model's `prepareTools` when the agent builds its tool list, and its
 * `prepareOutput` for an `outputType` in `new Agent(...)`), so the
 * problem shows at startup instead of as a 400 from the API on the first request. It is a
 * `ProviderSchemaError` of `@toolcraft/core` (provider `'openai'`), so code catching either works.
 */
export class StrictSchemaError extends ProviderSchemaError {
  private readonly [marker] = true;
  override readonly name: string = errorName;
  /** What strict mode does not allow at {@link ProviderSchemaError.path}. */
  readonly reason: string;

  /**
   * @param toolName - the tool whose schema is not strict-compatible (or the structured output's name)
   * @param path - where in the schema, as a JSONPath (`$`, `$.address.zip`, `$.tags[*]`)
   * @param reason - what strict mode does not allow there
   * @param keyword - the keyword at fault (`'additionalProperties'`, `'not'`), when one is
   * @param subject - whose schema it is: a tool's (the default) or an agent's structured output (`outputType`)
   */
  constructor(toolName: string, path: string, reason: string, keyword = '', subject: 'tool' | 'output' = 'tool') {
    const change =
      subject === 'output' ? "Change the agent's outputType" : "Change the tool's input schema or convert it with { strict: false }";
    super({ provider: 'openai', toolName, path, keyword, hint: `${reason}. ${change}`, subject });
    this.reason = reason;
    const whose = subject === 'output' ? `The structured output '${toolName}'` : `Tool '${toolName}'`;
    this.message = `${whose} cannot use OpenAI strict mode: at ${path}, ${reason}. ${change}.`;
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
