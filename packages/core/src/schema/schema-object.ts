import type { JsonSchema, JsonSchemaDefinition } from './json-schema.js';

/**
 * The schema object a subschema position holds, for code that reads schemas: `undefined` for a
 * boolean schema (`true`, `false`), a list (draft-07's tuple `items`), or nothing.
 * @param definition - what the position holds, e.g. `schema.properties[name]` or `schema.items`
 * @returns the schema object, or undefined
 */
export function schemaObjectOf(definition: unknown): JsonSchema | undefined {
  return typeof definition === 'object' && definition !== null && !Array.isArray(definition) ? (definition as JsonSchema) : undefined;
}

/**
 * A subschema as a schema object that means the same: `true` as `{}` (any value), `false` as
 * `{ not: {} }` (no value), an object as it is.
 * @param definition - a schema object or boolean schema
 * @returns the schema object
 */
export function asSchemaObject(definition: JsonSchemaDefinition): JsonSchema {
  if (typeof definition === 'object') return definition;
  return definition ? {} : { not: {} };
}
