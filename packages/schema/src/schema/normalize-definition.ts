import type { JsonSchema } from '@toolcraft/core';
import type { Definition } from '../typescript.js';
import { mergeIntersections } from './merge-intersections.js';

const DROPPED = new Set(['$schema', 'propertyOrder', 'defaultProperties']);

/**
 * Turns a typescript-json-schema definition into a manifest schema: drops `$schema`
 * and generator-only keywords, moves the definitions of recursive types to
 * `$defs` (`#/definitions/X` becomes `#/$defs/X`), and merges the `allOf` of
 * intersections of object types into one object.
 * @param definition - the generated definition
 * @param reffed - the definitions it refers to (only recursive types, as refs are off)
 * @returns the schema
 */
export function normalizeDefinition(definition: Definition, reffed: Record<string, Definition>): JsonSchema {
  const schema = rewrite(definition) as JsonSchema;
  const names = Object.keys(reffed);
  if (names.length > 0) {
    schema.$defs = Object.fromEntries(names.map((name) => [name, rewrite(reffed[name]) as JsonSchema]));
  }
  return mergeIntersections(inlineRootReference(schema));
}

function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (typeof value !== 'object' || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (DROPPED.has(key)) continue;
    if (key === '$ref' && typeof item === 'string') result.$ref = item.replace('#/definitions/', '#/$defs/');
    else if (key === 'definitions') result.$defs = rewrite(item);
    else result[key] = rewrite(item);
  }
  return result;
}

/** A recursive root type comes out as a bare `$ref`; inline its definition so the root says what it is. */
function inlineRootReference(schema: JsonSchema): JsonSchema {
  const { $ref, $defs, ...rest } = schema;
  const name = $ref?.startsWith('#/$defs/') === true ? $ref.slice('#/$defs/'.length) : undefined;
  const target = name === undefined ? undefined : $defs?.[name];
  if (typeof target !== 'object' || Object.keys(rest).length > 0) return schema;
  return { ...target, $defs };
}
