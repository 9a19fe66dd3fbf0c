import type { JsonSchema } from '@toolcraft/core';
import { resolveLocalReference } from '@toolcraft/core/internal';
import { branchPath } from './schema-path.js';

/** What every step of one strict conversion shares: the root schema and how to fail. */
export interface StrictConversionContext {
  /** The root schema, for resolving `$ref`s. */
  root: JsonSchema;
  /** Throws the schema error of the conversion (a `StrictSchemaError` in strict mode) at a path, naming the keyword. */
  fail: (path: string, keyword: string, reason: string) => never;
}

/** Keywords that only describe a schema; a `$ref` beside them alone needs no inlining. */
const annotationKeywords: ReadonlySet<string> = new Set([
  'description',
  'title',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
]);

/** How deep `allOf` branches that are `$ref`s may be inlined before a recursive intersection is refused. */
const maxInlineDepth = 16;

/**
 * Flattens an `allOf` into one schema: a single `$ref` branch (as generators emit for a
 * reference with a description) becomes `anyOf: [{ $ref }]`, which strict mode accepts next to
 * other keywords; object branches (their `$ref`s resolved) are merged, properties united and
 * `required` joined, the outer keywords winning.
 * @param schema - a schema node
 * @param path - its path
 * @param context - the conversion context
 * @returns the schema without `allOf`
 * @throws StrictSchemaError for branches that cannot be merged
 */
export function flattenAllOf(schema: JsonSchema, path: string, context: StrictConversionContext, depth = 0): JsonSchema {
  const { fail, root } = context;
  if (schema.allOf === undefined) return schema;
  const { allOf, ...outer } = schema;
  const only = allOf[0];
  const onlyAnnotations = Object.keys(outer).every((keyword) => annotationKeywords.has(keyword));
  if (allOf.length === 1 && isSchemaObject(only) && only.$ref !== undefined && Object.keys(only).length === 1 && onlyAnnotations) {
    return Object.keys(outer).length === 0 ? only : { ...outer, anyOf: [{ $ref: only.$ref }] };
  }
  if (depth > maxInlineDepth) fail(path, 'allOf', 'a recursive intersection (`allOf`) cannot be flattened');
  let merged: JsonSchema = {};
  allOf.forEach((branch: unknown, index) => {
    const branchAt = branchPath(path, 'allOf', index);
    if (!isSchemaObject(branch)) return fail(branchAt, 'allOf', 'a boolean schema is not supported');
    let part = flattenAllOf(branch, branchAt, context, depth + 1);
    if (part.$ref !== undefined) {
      const target = resolveLocalReference(root, part.$ref);
      if (target === undefined) return fail(branchAt, '$ref', `the $ref '${part.$ref}' is not a local reference to a schema of this tool`);
      const { $ref: _ref, ...siblings } = part;
      part = { ...flattenAllOf(target, branchAt, context, depth + 1), ...siblings };
    }
    merged = mergeSchemas(merged, part, branchAt, fail);
  });
  return mergeSchemas(merged, outer, path, fail);
}

function mergeSchemas(left: JsonSchema, right: JsonSchema, path: string, fail: StrictConversionContext['fail']): JsonSchema {
  if (left.type !== undefined && right.type !== undefined && JSON.stringify(left.type) !== JSON.stringify(right.type)) {
    fail(
      path,
      'allOf',
      `the branches of an \`allOf\` have different types (${JSON.stringify(left.type)} and ${JSON.stringify(right.type)})`,
    );
  }
  const merged: JsonSchema = { ...left, ...right };
  if (left.properties !== undefined || right.properties !== undefined) merged.properties = { ...left.properties, ...right.properties };
  if (left.required !== undefined || right.required !== undefined)
    merged.required = [...new Set([...(left.required ?? []), ...(right.required ?? [])])];
  return merged;
}

/**
 * Rewrites a `$ref` that has sibling keywords (strict mode does not allow keywords next to `$ref`)
 * as `anyOf: [{ $ref }]` beside them, so descriptions stay and a recursive type is never expanded.
 * @param input - a schema node
 * @param path - its path
 * @param context - the conversion context
 * @returns the node, with a bare `$ref`, or the `$ref` moved into `anyOf`
 * @throws StrictSchemaError for a `$ref` that is not local
 */
export function inlineRefWithSiblings(input: JsonSchema, path: string, { root, fail }: StrictConversionContext): JsonSchema {
  if (input.$ref === undefined) return input;
  if (resolveLocalReference(root, input.$ref) === undefined)
    fail(path, '$ref', `the $ref '${input.$ref}' is not a local reference to a schema of this tool`);
  if (Object.keys(input).length === 1) return input;
  const { $ref, ...siblings } = input;
  if (siblings.anyOf !== undefined || siblings.oneOf !== undefined)
    fail(path, '$ref', 'a `$ref` beside `anyOf`/`oneOf` is not supported in strict mode');
  return { ...siblings, anyOf: [{ $ref }] };
}

/**
 * Tells a schema object from a boolean schema or another value.
 * @param value - any value
 * @returns true for a schema object
 */
export function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
