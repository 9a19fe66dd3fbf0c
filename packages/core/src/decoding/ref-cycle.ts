import type { JsonSchema } from '../schema/json-schema.js';
import { resolveLocalReference } from './json-pointer.js';
import { schemaListKeywords, schemaMapKeywords, schemaValueKeywords } from './schema-keywords.js';

/** Keywords that give a subschema rules of its own (or a base of its own): a `$ref` chain stops at such a schema. */
const ruleKeywords = new Set([
  '$id',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  'type',
  'enum',
  'const',
  'properties',
  'patternProperties',
  'additionalProperties',
  'required',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'dependencies',
  'dependentRequired',
  'dependentSchemas',
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  'minContains',
  'maxContains',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
]);

/** A loop of `$ref`s: where the first one is, and the references it goes through back to the start. */
export interface RefCycle {
  /** The JSON Pointer of the schema whose `$ref` starts the loop. */
  at: string;
  /** The references, in order, the last one repeating an earlier one. */
  chain: string[];
}

/**
 * Finds `$ref`s that only lead to other `$ref`s in a loop (`#/$defs/a` is `{ $ref: '#/$defs/b' }`,
 * which is `{ $ref: '#/$defs/a' }`, or a property whose `$ref` names itself): there is no schema to
 * check a value against, and the validator would recurse without end. Only local references outside
 * embedded resources (subschemas with their own `$id`) are followed.
 * @param schema - the schema
 * @returns the first loop, or undefined when there is none
 */
export function findRefCycle(schema: JsonSchema): RefCycle | undefined {
  // Breadth first, so the loop is reported where the schema first reaches it.
  const pending: Array<{ node: unknown; at: string }> = [{ node: schema, at: '' }];
  for (let next = 0; next < pending.length; next++) {
    const { node, at } = pending[next]!;
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      node.forEach((inner, index) => pending.push({ node: inner, at: `${at}/${index}` }));
      continue;
    }
    const record = node as Record<string, unknown>;
    if (at !== '' && typeof record.$id === 'string') continue;
    if (typeof record.$ref === 'string') {
      const chain = follow(schema, record.$ref);
      if (chain !== undefined) return { at, chain };
    }
    for (const keyword of schemaMapKeywords) {
      const map = record[keyword];
      if (typeof map === 'object' && map !== null && !Array.isArray(map))
        for (const [name, inner] of Object.entries(map)) pending.push({ node: inner, at: `${at}/${keyword}/${escape(name)}` });
    }
    for (const keyword of [...schemaListKeywords, ...schemaValueKeywords])
      if (Object.hasOwn(record, keyword)) pending.push({ node: record[keyword], at: `${at}/${keyword}` });
  }
  return undefined;
}

/** The references a `$ref` goes through while each target is only another local `$ref`; the chain when it loops. */
function follow(root: JsonSchema, first: string): string[] | undefined {
  const chain: string[] = [];
  for (let reference: unknown = first; typeof reference === 'string' && reference.startsWith('#');) {
    chain.push(reference);
    if (chain.indexOf(reference) !== chain.length - 1) return chain;
    const target = resolveLocalReference(root, reference) as Record<string, unknown> | undefined;
    if (target === undefined || Array.isArray(target) || Object.keys(target).some((key) => ruleKeywords.has(key))) return undefined;
    reference = target.$ref;
  }
  return undefined;
}

function escape(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}
