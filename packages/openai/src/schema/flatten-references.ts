import type { JsonSchema } from '@toolcraft/core';
import { resolveLocalRef } from './resolve-local-ref.js';
import { branchPath } from './schema-path.js';

/** What every step of one strict conversion shares: the root schema and how to fail. */
export interface StrictConversionContext {
  /** The root schema, for resolving `$ref`s. */
  root: JsonSchema;
  /** Throws a `StrictSchemaError` for the converted tool at a path. */
  fail: (path: string, reason: string) => never;
}

/**
 * Flattens a single-branch `allOf` (as generators emit for `$ref` with a description)
 * into its branch, the outer keywords winning.
 * @param schema - a schema node
 * @param path - its path
 * @param context - the conversion context
 * @returns the schema without `allOf`
 * @throws StrictSchemaError for an `allOf` of several branches
 */
export function flattenAllOf(schema: JsonSchema, path: string, context: StrictConversionContext): JsonSchema {
  const { fail } = context;
  if (schema.allOf === undefined) return schema;
  if (schema.allOf.length !== 1) fail(path, '`allOf` with several branches is not supported in strict mode');
  const { allOf, ...outer } = schema;
  const branch: unknown = allOf[0];
  if (!isSchemaObject(branch)) return fail(branchPath(path, 'allOf', 0), 'a boolean schema is not supported');
  return { ...flattenAllOf(branch, branchPath(path, 'allOf', 0), context), ...outer };
}

/**
 * Inlines a `$ref` that has sibling keywords (strict mode does not allow keywords next
 * to `$ref`, as openai-python's `to_strict_json_schema` notes), the siblings winning.
 * @param input - a schema node
 * @param path - its path
 * @param context - the conversion context
 * @returns the node, with a bare `$ref` or none
 * @throws StrictSchemaError for a `$ref` that is not local or refers to itself
 */
export function inlineRefWithSiblings(input: JsonSchema, path: string, { root, fail }: StrictConversionContext): JsonSchema {
  let schema = input;
  const seen = new Set<string>();
  while (schema.$ref !== undefined) {
    const target = resolveLocalRef(root, schema.$ref);
    if (target === undefined) fail(path, `the $ref '${schema.$ref}' is not a local reference to a schema of this tool`);
    if (Object.keys(schema).length === 1) return schema;
    if (seen.has(schema.$ref)) fail(path, `the $ref '${schema.$ref}' refers to itself`);
    seen.add(schema.$ref);
    const { $ref: _ref, ...siblings } = schema;
    schema = { ...target, ...siblings };
  }
  return schema;
}

/**
 * Tells a schema object from a boolean schema or another value.
 * @param value - any value
 * @returns true for a schema object
 */
export function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
