import Ajv from 'ajv';
import type { JsonSchema } from '../schema/json-schema.js';

/**
 * Whether a schema declares an `$id` below its root (a property named `$id` aside): such resources
 * resolve only through ajv's registry, so the schema must be compiled by an instance that keeps it.
 * @param schema - the validation schema
 * @returns true when some subschema has its own `$id`
 */
export function hasEmbeddedIds(schema: JsonSchema): boolean {
  const visit = (node: unknown, root: boolean): boolean => {
    if (typeof node !== 'object' || node === null) return false;
    if (Array.isArray(node)) return node.some((inner) => visit(inner, false));
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === '$id' && !root && typeof value === 'string') return true;
      if (keyword === 'enum' || keyword === 'const' || keyword === 'default' || keyword === 'examples') continue;
      if (visit(value, false)) return true;
    }
    return false;
  };
  return visit(schema, true);
}

/**
 * Whether ajv refused a schema only because a `$ref` names the schema's own root (`"#"`, `""`, or
 * its own `$id`, as a recursive tree does): ajv resolves those through its registry, which an
 * instance that does not keep the schemas it compiles leaves empty. Such a schema compiles in an
 * instance that keeps it.
 * @param error - what `ajv.compile` threw
 * @param schema - the schema compiled
 * @returns true when the missing reference is the schema itself
 */
export function refersToOwnRoot(error: unknown, schema: JsonSchema): boolean {
  if (!(error instanceof Ajv.MissingRefError)) return false;
  const missing = error.missingSchema;
  const own = typeof schema.$id === 'string' ? schema.$id.replace(/#$/, '') : '';
  return missing === own;
}
