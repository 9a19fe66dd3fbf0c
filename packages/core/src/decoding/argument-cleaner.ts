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
 * It follows local `$ref`s (recursive types included), the non-null branch of a nullable `anyOf`,
 * the branches of an `allOf`, array items and schema-valued `additionalProperties`.
 * @param root - the argument schema
 * @returns the cleaner (the identity when there is nothing to clean)
 */
export function compileArgumentCleaner(root: JsonSchema): ArgumentCleaner {
  const byReference = new Map<string, ArgumentCleaner>();

  const compile = (schema: JsonSchema): ArgumentCleaner => {
    if (typeof schema.$ref === 'string') return compileReference(schema.$ref);
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches !== undefined) {
      const nonNull = branches.filter((branch) => branch.type !== 'null');
      return nonNull.length === 1 ? compile(nonNull[0]!) : keep;
    }
    if (schema.allOf !== undefined) return compile(mergeAllOf(schema));
    if (schema.items !== undefined) {
      const items = compile(schema.items);
      return items === keep ? keep : (value) => (Array.isArray(value) ? value.map(items) : value);
    }
    return compileObject(schema);
  };

  const compileReference = (reference: string): ArgumentCleaner => {
    const known = byReference.get(reference);
    if (known !== undefined) return known;
    const target = resolve(root, reference);
    if (target === undefined) return keep;
    let cleaner: ArgumentCleaner = keep;
    byReference.set(reference, (value) => cleaner(value)); // a recursive type meets itself here
    cleaner = compile(target);
    return cleaner === keep ? keep : (byReference.get(reference) as ArgumentCleaner);
  };

  const compileObject = (schema: JsonSchema): ArgumentCleaner => {
    const properties = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const rules = Object.entries(properties).map(([name, property]) => ({
      name,
      dropNull: !required.has(name) && !allowsNull(property, root),
      inner: compile(property),
    }));
    const extra = schema.additionalProperties;
    const declared =
      schema.properties !== undefined && (extra === undefined || extra === false) ? new Set(Object.keys(properties)) : undefined;
    const extraCleaner = typeof extra === 'object' ? compile(extra) : keep;
    if (declared === undefined && extraCleaner === keep && rules.every((rule) => !rule.dropNull && rule.inner === keep)) return keep;
    return (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
      const input = value as Record<string, unknown>;
      let output: Record<string, unknown> | undefined;
      const set = (key: string, next: unknown) => {
        output ??= { ...input };
        if (next === undefined) delete output[key];
        else output[key] = next;
      };
      for (const key of Object.keys(input)) {
        if (Object.hasOwn(properties, key)) continue;
        if (declared !== undefined) set(key, undefined);
        else if (extraCleaner !== keep) {
          const next = extraCleaner(input[key]);
          if (next !== input[key]) set(key, next);
        }
      }
      for (const rule of rules) {
        if (!Object.hasOwn(input, rule.name)) continue;
        const item = input[rule.name];
        const next = item === null && rule.dropNull ? undefined : rule.inner(item);
        if (next !== item) set(rule.name, next);
      }
      return output ?? value;
    };
  };

  return compile(root);
}

function resolve(root: JsonSchema, reference: string): JsonSchema | undefined {
  if (!reference.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of reference.slice(2).split('/')) {
    const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return typeof node === 'object' && node !== null ? (node as JsonSchema) : undefined;
}

/** The object branches of an `allOf`, as one object schema (properties merged, required joined). */
function mergeAllOf(schema: JsonSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = { ...schema.properties };
  const required = new Set(schema.required ?? []);
  for (const branch of schema.allOf ?? []) {
    Object.assign(properties, branch.properties);
    for (const name of branch.required ?? []) required.add(name);
  }
  return { type: 'object', properties, required: [...required], additionalProperties: true };
}

function allowsNull(schema: JsonSchema, root: JsonSchema, seen = new Set<string>()): boolean {
  if (typeof schema.$ref === 'string') {
    if (seen.has(schema.$ref)) return false;
    seen.add(schema.$ref);
    const target = resolve(root, schema.$ref);
    return target !== undefined && allowsNull(target, root, seen);
  }
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  if (schema.enum?.includes(null) === true) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some((branch) => allowsNull(branch, root, seen));
}
