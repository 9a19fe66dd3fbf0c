import type { JsonSchema } from '@toolcraft/core';

/** Keywords whose value is a map of names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);
/** Keywords whose value is a schema or an array of schemas. */
const SCHEMA_VALUES = new Set([
  'items',
  'prefixItems',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'anyOf',
  'allOf',
  'oneOf',
]);

/**
 * Copies a schema with a function applied to each of its direct subschemas (`properties`,
 * `items`, `anyOf`... and `$defs`), leaving values such as `enum`, `const` and `default` alone.
 * @param schema - the schema
 * @param map - gives the new subschema
 * @returns the copy (the schema itself is not changed)
 */
export function mapSubschemas(schema: JsonSchema, map: (subschema: JsonSchema) => JsonSchema): JsonSchema {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(key) && isSchema(value)) {
      result[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, isSchema(item) ? map(item) : item]));
    } else if (SCHEMA_VALUES.has(key) && Array.isArray(value)) {
      result[key] = value.map((item: unknown) => (isSchema(item) ? map(item) : item));
    } else if (SCHEMA_VALUES.has(key) && isSchema(value)) {
      result[key] = map(value);
    } else {
      result[key] = value;
    }
  }
  return result as JsonSchema;
}

/**
 * Tells whether a value is a schema object (not an array, not a boolean schema).
 * @param value - anything
 * @returns true for a plain object
 */
export function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
