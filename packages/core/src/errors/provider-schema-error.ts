import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ProviderSchemaError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** Where and why a provider cannot take a tool's schema. */
export interface ProviderSchemaErrorDetails {
  /** The provider (`'google'`, `'anthropic'`, `'openai'`). */
  provider: string;
  /** The tool whose schema it is (or the structured output's name). */
  toolName: string;
  /** Where in the schema, as a JSONPath (`$`, `$.properties.address`, `$.items`). */
  path: string;
  /** The keyword at fault (`'patternProperties'`, `'not'`). */
  keyword: string;
  /** What the provider does with it and what to change (`'Gemini has no patternProperties: declare the keys as properties'`). */
  hint: string;
  /** Whose schema it is: a tool's input schema (the default) or an agent's structured output (`outputType`). */
  subject?: 'tool' | 'output';
}

/**
 * A tool schema (or an agent's structured output schema) a provider's API would reject or silently
 * change. Model adapters throw it when the agent's tool list is built (`new Agent(...)`, or a
 * toolset's tools on their first turn) and, for an `outputType`, in `new Agent(...)`, never at
 * request time, so the problem shows before any request is sent.
 */
export class ProviderSchemaError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  readonly provider: string;
  readonly toolName: string;
  readonly path: string;
  readonly keyword: string;
  /** Whose schema it is: a tool's (`toolName` the tool) or a structured output's (`toolName` the output's name). */
  readonly subject: 'tool' | 'output';

  /** @param details - the provider, tool (or output), path, keyword and what to change */
  constructor(details: ProviderSchemaErrorDetails) {
    const subject = details.subject ?? 'tool';
    const whose = subject === 'output' ? `The structured output '${details.toolName}'` : `Tool '${details.toolName}'`;
    super(`${whose} cannot be sent to ${details.provider}: at ${details.path}, '${details.keyword}': ${details.hint}`);
    this.provider = details.provider;
    this.toolName = details.toolName;
    this.path = details.path;
    this.keyword = details.keyword;
    this.subject = subject;
  }

  /**
   * Tells whether a value is a {@link ProviderSchemaError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ProviderSchemaError}
   */
  static override isInstance(error: unknown): error is ProviderSchemaError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
