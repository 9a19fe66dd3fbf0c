import type { JsonSchema, JsonSchemaDefinition } from '@toolcraft/core';
import { isSchema, mapSubschemas } from './map-subschemas.js';

/** What a branch of `allOf` may hold and still be merged. */
const PLAIN_OBJECT_KEYWORDS = new Set(['type', 'properties', 'required', 'description']);

/**
 * Merges each `allOf` (what an intersection type `A & B` becomes) whose branches are all plain
 * object schemas into one object schema: properties merged, `required` unioned. Strict mode and
 * the runtime's cleaning of undeclared properties then see one object. An `allOf` with other
 * branches, or whose branches give one property two different schemas, is left as it is.
 * @param schema - the schema (not changed)
 * @returns the merged copy
 */
export function mergeIntersections(schema: JsonSchema): JsonSchema {
  const merged = mapSubschemas(schema, mergeIntersections);
  const { allOf, ...rest } = merged;
  if (!Array.isArray(allOf) || allOf.length === 0 || !allOf.every(isPlainObject)) return merged;
  if (Object.keys(rest).some((key) => key !== 'description')) return merged;
  const properties: Record<string, JsonSchemaDefinition> = {};
  const required = new Set<string>();
  for (const branch of allOf) {
    for (const [name, property] of Object.entries(branch.properties ?? {})) {
      const known = properties[name];
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(property)) return merged;
      properties[name] = property;
    }
    for (const name of branch.required ?? []) required.add(name);
  }
  return {
    ...rest,
    type: 'object',
    properties,
    ...(required.size === 0 ? {} : { required: [...required] }),
  };
}

function isPlainObject(branch: unknown): branch is JsonSchema {
  return isSchema(branch) && branch.type === 'object' && Object.keys(branch).every((key) => PLAIN_OBJECT_KEYWORDS.has(key));
}
