import { ProviderSchemaError } from '@toolcraft/core';

/** Throws the `ProviderSchemaError` of one conversion: where, which keyword, and what to change. */
export type RefuseSchema = (path: string, keyword: string, hint: string) => never;

/**
 * Makes the refusal of one tool's (or structured output's) conversion.
 * @param toolName - the tool, or the structured output's name
 * @param subject - whose schema it is: a tool's (the default) or a structured output's
 * @returns a function throwing a `ProviderSchemaError` for provider `anthropic`
 */
export function schemaRefusal(toolName: string, subject: 'tool' | 'output' = 'tool'): RefuseSchema {
  return (path, keyword, hint) => {
    throw new ProviderSchemaError({ provider: 'anthropic', toolName, path, keyword, hint, subject });
  };
}

/**
 * Tells a schema object from a boolean schema or another value.
 * @param value - any value
 * @returns true for a plain object
 */
export function isSchemaObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
