import type { JsonSchema } from '@toolcraft/core';
import { resolveLocalReference } from '@toolcraft/core/internal';
import { mergeSchemas } from './merge-schemas.js';
import { isSchemaObject, refuse, type SchemaContext } from './schema-context.js';
import { branchPath } from './schema-path.js';

/** A schema node with its `$ref` inlined and its `allOf` merged, and the references taken on the way. */
export interface ResolvedNode {
  schema: JsonSchema;
  context: SchemaContext;
}

/**
 * Inlines a node's local `$ref` (its target merged with the keywords beside it) and merges its
 * `allOf` branches, until neither is left: Gemini's Schema has no references and no intersections.
 * A reference to a schema that is being inlined on the way here (a recursive type) cannot be
 * inlined and is refused, as is a reference that is not local.
 * @param node - a schema node
 * @param path - its path
 * @param context - the conversion
 * @returns the node without `$ref` and `allOf`, and the context with the references it inlined
 * @throws ProviderSchemaError for a recursive or non-local `$ref`, or `allOf` branches that disagree
 */
export function resolveNode(node: JsonSchema, path: string, context: SchemaContext): ResolvedNode {
  let schema = node;
  let current = context;
  for (;;) {
    if (schema.$ref !== undefined) {
      const reference: unknown = schema.$ref;
      if (typeof reference !== 'string') refuse(current, path, '$ref', 'a $ref must be a string');
      if (current.references.includes(reference)) {
        refuse(
          current,
          path,
          '$ref',
          `'${reference}' refers to a schema that contains this one (a recursive type); Gemini's Schema has no references, ` +
            'so it cannot be inlined: declare the nested levels explicitly, or take the nested part as a JSON string',
        );
      }
      const target = resolveLocalReference(current.root, reference);
      if (!isSchemaObject(target)) {
        refuse(
          current,
          path,
          '$ref',
          `'${reference}' is not a local reference (#/$defs/...) to a schema of this tool; Gemini's Schema has no references, ` +
            'and only local ones can be inlined',
        );
      }
      const { $ref: _reference, ...siblings } = schema;
      current = { ...current, references: [...current.references, reference] };
      schema = mergeSchemas(target, siblings, path, current, '$ref');
      continue;
    }
    if (schema.allOf !== undefined) {
      const { allOf, ...outer } = schema;
      if (!Array.isArray(allOf) || allOf.length === 0) refuse(current, path, 'allOf', 'allOf must be a non-empty array of schemas');
      let merged: JsonSchema = {};
      const references = new Set(current.references);
      allOf.forEach((branch: unknown, index) => {
        const at = branchPath(path, 'allOf', index);
        if (!isSchemaObject(branch)) refuse(current, at, 'allOf', 'a boolean schema in allOf cannot be merged: use a schema object');
        const resolved = resolveNode(branch, at, current);
        for (const reference of resolved.context.references) references.add(reference);
        merged = mergeSchemas(merged, resolved.schema, at, current, 'allOf');
      });
      current = { ...current, references: [...references] };
      schema = mergeSchemas(merged, outer, path, current, 'allOf');
      continue;
    }
    return { schema, context: current };
  }
}
