import type { JsonSchema } from '../schema/json-schema.js';

/** Returns the value cleaned as the schema says (copying only what changes). */
export type ArgumentCleaner = (value: unknown) => unknown;

const keep: ArgumentCleaner = (value) => value;

/**
 * Compiles, once per schema, a function that cleans arguments at any depth: it removes properties
 * an object schema does not declare (where it lists `properties` and no `additionalProperties`),
 * since arguments the tool does not declare are dropped; and it removes `null` from optional
 * properties whose schema does not itself allow `null`, since `null` for an optional argument
 * means absent (what OpenAI's strict mode sends for every optional property, nested ones included).
 * @param schema - the argument schema
 * @returns the cleaner (the identity when there is nothing to clean)
 */
export function compileArgumentCleaner(schema: JsonSchema): ArgumentCleaner {
  if (schema.items !== undefined) {
    const items = compileArgumentCleaner(schema.items);
    if (items === keep) return keep;
    return (value) => (Array.isArray(value) ? value.map(items) : value);
  }
  if (schema.properties === undefined) return keep;
  const required = new Set(schema.required ?? []);
  const rules = Object.entries(schema.properties).map(([name, property]) => ({
    name,
    dropNull: !required.has(name) && !allowsNull(property),
    inner: compileArgumentCleaner(property),
  }));
  const declared =
    schema.additionalProperties === undefined || schema.additionalProperties === false
      ? new Set(Object.keys(schema.properties))
      : undefined;
  if (declared === undefined && rules.every((rule) => !rule.dropNull && rule.inner === keep)) return keep;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const input = value as Record<string, unknown>;
    let output: Record<string, unknown> | undefined;
    if (declared !== undefined) {
      for (const key of Object.keys(input)) {
        if (declared.has(key)) continue;
        output ??= { ...input };
        delete output[key];
      }
    }
    for (const rule of rules) {
      if (!Object.hasOwn(input, rule.name)) continue;
      const item = input[rule.name];
      const next = item === null && rule.dropNull ? undefined : rule.inner(item);
      if (next === item) continue;
      output ??= { ...input };
      if (next === undefined) delete output[rule.name];
      else output[rule.name] = next;
    }
    return output ?? value;
  };
}

function allowsNull(schema: JsonSchema): boolean {
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  if (schema.enum?.includes(null) === true) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(allowsNull);
}
