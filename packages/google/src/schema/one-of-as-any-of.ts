import type { JsonSchema } from '@toolcraft/core';
import { isSchemaObject } from './schema-context.js';

/**
 * Tells whether no value can match two branches of a `oneOf`, so that `anyOf` (all Gemini's
 * Schema has) means the same: the branches' types are pairwise disjoint (`integer` counted as a
 * `number`), or they are objects told apart by one required property whose `const` (or `enum`)
 * values never meet, as a discriminated union (zod's `z.discriminatedUnion`) is.
 * @param branches - the `oneOf` branches, `$ref`s already inlined
 * @returns true when `oneOf` can be sent as `anyOf` without changing what it accepts
 */
export function oneOfIsExclusive(branches: readonly JsonSchema[]): boolean {
  return typesAreDisjoint(branches) || discriminator(branches) !== undefined;
}

function typesAreDisjoint(branches: readonly JsonSchema[]): boolean {
  const seen = new Set<string>();
  for (const branch of branches) {
    const types = typesOf(branch);
    if (types === undefined) return false;
    for (const type of types) if (seen.has(type)) return false;
    for (const type of types) seen.add(type);
  }
  return true;
}

/** The JSON types a branch accepts (`integer` as `number`), or undefined when it does not say. */
function typesOf(schema: JsonSchema): Set<string> | undefined {
  const declared = schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (declared !== undefined) return new Set(declared.map((type) => (type === 'integer' ? 'number' : type)));
  const values = valuesOf(schema);
  if (values !== undefined)
    return new Set(values.map((value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)));
  if (schema.properties !== undefined) return new Set(['object']);
  if (schema.items !== undefined) return new Set(['array']);
  return undefined;
}

function discriminator(branches: readonly JsonSchema[]): string | undefined {
  const [first] = branches;
  if (first === undefined || !isSchemaObject(first.properties)) return undefined;
  for (const name of Object.keys(first.properties)) {
    const seen = new Set<string>();
    const exclusive = branches.every((branch) => {
      const property = branch.properties?.[name];
      const values = isSchemaObject(property) ? valuesOf(property) : undefined;
      if (!branch.required?.includes(name) || values === undefined) return false;
      const keys = values.map((value) => JSON.stringify(value));
      if (keys.some((key) => seen.has(key))) return false;
      for (const key of keys) seen.add(key);
      return true;
    });
    if (exclusive) return name;
  }
  return undefined;
}

function valuesOf(schema: JsonSchema): unknown[] | undefined {
  if ('const' in schema) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}
