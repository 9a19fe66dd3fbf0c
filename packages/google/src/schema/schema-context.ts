import { ProviderSchemaError, type JsonSchema } from '@toolcraft/core';

/** The provider name `ProviderSchemaError`s and `ModelCallError`s of this package carry. */
export const googleProvider = 'google';

/** What every step of one conversion shares. */
export interface SchemaContext {
  /** The root schema, for resolving `$ref`s. */
  readonly root: JsonSchema;
  /** The tool (or structured output) whose schema it is, for errors. */
  readonly toolName: string;
  /** Where the schema goes: a tool's `parameters` (an object at the root) or a `responseSchema` (any type). */
  readonly place: 'parameters' | 'response';
  /** The `$ref`s being inlined on the way to this node: a reference to one of them is recursive. */
  readonly references: readonly string[];
}

/**
 * Throws the `ProviderSchemaError` for a keyword Gemini's Schema cannot take.
 * @param context - the conversion
 * @param path - where in the schema
 * @param keyword - the keyword at fault
 * @param hint - what Gemini does with it and what to change
 * @throws ProviderSchemaError always
 */
export function refuse(context: SchemaContext, path: string, keyword: string, hint: string): never {
  const subject = context.place === 'response' ? 'output' : 'tool';
  throw new ProviderSchemaError({ provider: googleProvider, toolName: context.toolName, path, keyword, hint, subject });
}

/**
 * Tells a schema object from a boolean schema or any other value.
 * @param value - any value
 * @returns true for a schema object
 */
export function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Tells whether two JSON values are the same (keys in the same order, as schemas written by one tool are).
 * @param left - a JSON value
 * @param right - another
 * @returns true when their JSON texts are equal
 */
export function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}
