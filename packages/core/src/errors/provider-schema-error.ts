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
}

/**
 * A tool schema a provider's API would reject or silently change. Model adapters throw it when the
 * agent's tool list is built (`new Agent(...)`, or a toolset's tools on their first turn), never at
 * request time, so the problem shows before any request is sent.
 */
export class ProviderSchemaError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  readonly provider: string;
  readonly toolName: string;
  readonly path: string;
  readonly keyword: string;

  /** @param details - the provider, tool, path, keyword and what to change */
  constructor(details: ProviderSchemaErrorDetails) {
    super(`Tool '${details.toolName}' cannot be sent to ${details.provider}: at ${details.path}, '${details.keyword}': ${details.hint}`);
    this.provider = details.provider;
    this.toolName = details.toolName;
    this.path = details.path;
    this.keyword = details.keyword;
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
