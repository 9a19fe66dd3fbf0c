import type { JsonSchema } from '@toolcraft/core';
import { isSchema, mapSubschemas } from './map-subschemas.js';
import { nameDefinitions, type CollectedDefinition } from './name-definitions.js';

const PREFIX = '#/$defs/';

/**
 * Moves every `$defs`, wherever it is in the tree (a recursive type inside a `Record` value,
 * several parameters each with their own), to the root, so every `$ref` resolves from there.
 * Each `$defs` is a scope: its `$ref`s below it mean its own definitions. Identical
 * definitions are kept once; two different ones with one name become `Node` and `Node_2`,
 * with their `$ref`s rewritten.
 * @param schema - the schema (not changed)
 * @returns the schema with at most one `$defs`, at the root
 */
export function hoistDefinitions(schema: JsonSchema): JsonSchema {
  const collected = new Map<string, CollectedDefinition>();
  const body = mark(schema, new Map(), collected);
  if (collected.size === 0) return body;
  const names = nameDefinitions(collected);
  const $defs: Record<string, JsonSchema> = {};
  for (const [id, definition] of collected) {
    const name = names.get(id)!;
    $defs[name] ??= renameReferences(definition.schema, names);
  }
  return { ...renameReferences(body, names), $defs };
}

/** Strips `$defs`, giving each definition a unique id and pointing the `$ref`s of its scope at it. */
function mark(schema: JsonSchema, scope: ReadonlyMap<string, string>, collected: Map<string, CollectedDefinition>): JsonSchema {
  const { $defs, ...rest } = schema;
  let inner = scope;
  if (isSchema($defs)) {
    const local = new Map(scope);
    for (const name of Object.keys($defs)) {
      const id = `${name}\u0000${collected.size}`;
      local.set(name, id);
      collected.set(id, { name, schema: {} }); // reserved now: definitions are named in the order met
    }
    inner = local;
    for (const [name, definition] of Object.entries($defs)) {
      if (isSchema(definition)) collected.get(local.get(name)!)!.schema = mark(definition, inner, collected);
    }
  }
  const target = typeof rest.$ref === 'string' && rest.$ref.startsWith(PREFIX) ? inner.get(rest.$ref.slice(PREFIX.length)) : undefined;
  const own = target === undefined ? rest : { ...rest, $ref: PREFIX + target };
  return mapSubschemas(own, (subschema) => mark(subschema, inner, collected));
}

/**
 * Rewrites the `$ref`s of a schema that point into `$defs`.
 * @param schema - the schema (not changed)
 * @param names - old definition name to new name; names not listed are left alone
 * @returns the rewritten copy
 */
export function renameReferences(schema: JsonSchema, names: ReadonlyMap<string, string>): JsonSchema {
  const renamed =
    typeof schema.$ref === 'string' && schema.$ref.startsWith(PREFIX) ? names.get(schema.$ref.slice(PREFIX.length)) : undefined;
  const own = renamed === undefined ? schema : { ...schema, $ref: PREFIX + renamed };
  return mapSubschemas(own, (subschema) => renameReferences(subschema, names));
}
