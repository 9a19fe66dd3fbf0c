import type { JsonSchema } from '../schema/json-schema.js';

/** Returns the value with `null` optional properties removed (copying only what changes). */
export type NullStripper = (value: unknown) => unknown;

const keep: NullStripper = (value) => value;

/**
 * Compiles, once per schema, a function that removes `null` from optional properties whose schema
 * does not itself allow `null`, at any depth: `null` for an optional argument means absent (what
 * OpenAI's strict mode sends for every optional property, nested ones included).
 * @param schema - the argument schema
 * @returns the stripper (the identity when nothing in the schema is optional)
 */
export function compileNullStripper(schema: JsonSchema): NullStripper {
  if (schema.items !== undefined) {
    const items = compileNullStripper(schema.items);
    if (items === keep) return keep;
    return (value) => (Array.isArray(value) ? value.map(items) : value);
  }
  if (schema.properties === undefined) return keep;
  const required = new Set(schema.required ?? []);
  const rules = Object.entries(schema.properties).map(([name, property]) => ({
    name,
    dropNull: !required.has(name) && !allowsNull(property),
    inner: compileNullStripper(property),
  }));
  if (rules.every((rule) => !rule.dropNull && rule.inner === keep)) return keep;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const input = value as Record<string, unknown>;
    let output: Record<string, unknown> | undefined;
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
