import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { JsonSchema } from '../../schema/json-schema.js';
import { schemaObjectOf as objectOf } from '../../schema/schema-object.js';
import { resolveLocalReference } from '../json-pointer.js';
import { childPath } from '../violation-path.js';

/** A Standard Schema issue's path: keys, or segments holding a key. */
type IssuePath = StandardSchemaV1.Issue['path'];

/**
 * Turns a Standard Schema issue's path into a violation path (`items[2].name`).
 * @param path - the issue's path (absent for the whole argument object)
 * @returns the violation path
 */
export function violationPath(path: IssuePath): string {
  let result = '';
  for (const segment of path ?? []) {
    const key = keyOf(segment);
    result = typeof key === 'number' ? childPath(result, key) : childPath(result, typeof key === 'symbol' ? String(key) : key);
  }
  return result;
}

/**
 * The value an issue's path leads to in the validated input, if it can be reached.
 * @param input - the argument object the validator was given
 * @param path - the issue's path
 * @returns the value there, or undefined
 */
export function valueAt(input: unknown, path: IssuePath): unknown {
  let value = input;
  for (const segment of path ?? []) {
    if (typeof value !== 'object' || value === null) return undefined;
    const key = keyOf(segment);
    if (!Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function keyOf(segment: PropertyKey | StandardSchemaV1.PathSegment): PropertyKey {
  return typeof segment === 'object' && segment !== null ? segment.key : segment;
}

/**
 * The JSON Schema of the value an issue's path leads to (following local `$ref`s, `items`,
 * `additionalProperties` and the one non-null branch of an `anyOf`), for the words of what is expected.
 * @param root - the argument schema
 * @param path - the issue's path
 * @returns the schema there, or undefined when it cannot be followed
 */
export function schemaAt(root: JsonSchema, path: IssuePath): JsonSchema | undefined {
  let schema: JsonSchema | undefined = root;
  for (const segment of path ?? []) {
    schema = unwrap(root, schema);
    if (schema === undefined) return undefined;
    const key = keyOf(segment);
    if (typeof key === 'number') schema = Array.isArray(schema.items) ? undefined : objectOf(schema.items);
    else if (typeof key === 'string' && schema.properties !== undefined && Object.hasOwn(schema.properties, key))
      schema = objectOf(schema.properties[key]);
    else schema = objectOf(schema.additionalProperties);
  }
  return unwrap(root, schema);
}

function unwrap(root: JsonSchema, schema: JsonSchema | undefined): JsonSchema | undefined {
  for (let hops = 0; schema !== undefined && hops < 16; hops++) {
    if (typeof schema.$ref === 'string') schema = resolveLocalReference(root, schema.$ref);
    else {
      const nonNull = (schema.anyOf ?? schema.oneOf)?.filter((branch) => typeof branch !== 'object' || branch.type !== 'null');
      if (nonNull?.length !== 1) return schema;
      schema = objectOf(nonNull[0]);
    }
  }
  return schema;
}
