/** Options of `toOpenAITools` and `toResponsesTools`. */
export interface OpenAIToolsOptions {
  /**
   * Use OpenAI strict mode (Structured Outputs for arguments). Schemas are rewritten to
   * strict-mode rules and a schema that cannot follow them throws `StrictSchemaError`.
   * Default `false`.
   */
  strict?: boolean;
}
