import type { JsonSchema } from '@toolcraft/core';
import { mapSubschemas } from './map-subschemas.js';

/** A definition met while hoisting: its name in its own `$defs`, and its schema with `$ref`s pointing at unique ids. */
export interface CollectedDefinition {
  name: string;
  schema: JsonSchema;
}

const PREFIX = '#/$defs/';

/**
 * Gives the collected definitions their final names: definitions that say the same thing
 * (the same schema, referring to definitions that say the same thing) share one name; the first
 * group with a name keeps it, the next ones get `Name_2`, `Name_3`...
 * @param collected - unique id to definition, in the order met
 * @returns unique id to final name
 */
export function nameDefinitions(collected: ReadonlyMap<string, CollectedDefinition>): Map<string, string> {
  const groups = sameDefinitions(collected);
  const groupNames = new Map<number, string>();
  const taken = new Set<string>();
  const names = new Map<string, string>();
  for (const [id, { name }] of collected) {
    const group = groups.get(id)!;
    let final = groupNames.get(group);
    if (final === undefined) {
      final = name;
      for (let suffix = 2; taken.has(final); suffix++) final = `${name}_${suffix}`;
      taken.add(final);
      groupNames.set(group, final);
    }
    names.set(id, final);
  }
  return names;
}

/** Partition refinement: start from name and shape, split until referenced definitions agree too. */
function sameDefinitions(collected: ReadonlyMap<string, CollectedDefinition>): Map<string, number> {
  const ids = [...collected.keys()];
  const references = new Map(ids.map((id) => [id, referencesOf(collected.get(id)!.schema).filter((ref) => collected.has(ref))]));
  let groups = numbered(new Map(ids.map((id) => [id, shapeOf(collected.get(id)!, collected)])));
  for (;;) {
    const refined = numbered(
      new Map(
        ids.map((id) => [
          id,
          `${groups.get(id)}:${references
            .get(id)!
            .map((ref) => groups.get(ref))
            .join(',')}`,
        ]),
      ),
    );
    if (new Set(refined.values()).size === new Set(groups.values()).size) return refined;
    groups = refined;
  }
}

function numbered(signatures: Map<string, string>): Map<string, number> {
  const numbers = new Map<string, number>();
  return new Map([...signatures].map(([id, signature]) => [id, numbers.get(signature) ?? numbers.set(signature, numbers.size).size - 1]));
}

/** The definition's name and schema, its `$ref`s written with the names of the definitions they point at. */
function shapeOf(definition: CollectedDefinition, collected: ReadonlyMap<string, CollectedDefinition>): string {
  const rename = (schema: JsonSchema): JsonSchema => {
    const target = typeof schema.$ref === 'string' ? collected.get(schema.$ref.slice(PREFIX.length)) : undefined;
    return mapSubschemas(target === undefined ? schema : { ...schema, $ref: PREFIX + target.name }, rename);
  };
  return `${definition.name}\u0000${JSON.stringify(rename(definition.schema))}`;
}

function referencesOf(schema: JsonSchema): string[] {
  const found: string[] = [];
  const visit = (current: JsonSchema): JsonSchema => {
    if (typeof current.$ref === 'string' && current.$ref.startsWith(PREFIX)) found.push(current.$ref.slice(PREFIX.length));
    return mapSubschemas(current, visit);
  };
  visit(schema);
  return found;
}
