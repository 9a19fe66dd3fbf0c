import type { Schema } from '@google/genai';
import type { JsonSchema } from '@toolcraft/core';
import { annotationsOf } from './annotations.js';
import { annotationKeywords, metaKeywords } from './gemini-keywords.js';
import { geminiTypes, type DeclaredTypes, type ResolvedConverter } from './gemini-types.js';
import { oneOfIsExclusive } from './one-of-as-any-of.js';
import { resolveNode } from './resolve-node.js';
import { isSchemaObject, refuse, sameJson, type SchemaContext } from './schema-context.js';
import { branchPath } from './schema-path.js';

/**
 * `type: ['string', 'number']`: one bare branch per type, as the SDK itself rewrites a type list;
 * only annotations may stand beside it.
 * @param schema - the node
 * @param types - its declared types (more than one)
 * @param path - its path
 * @param context - the conversion
 * @returns the Gemini schema
 * @throws ProviderSchemaError for other keywords beside the type list
 */
export function convertTypeList(schema: JsonSchema, types: DeclaredTypes, path: string, context: SchemaContext): Schema {
  const beside = besideKeywords(schema, 'type');
  if (beside !== undefined) {
    refuse(
      context,
      path,
      'type',
      `several types (${types.list.join(', ')}) beside '${beside}': write anyOf with one schema per type, each with its own keywords`,
    );
  }
  const out: Schema = annotationsOf(schema, path, context);
  if (types.nullable || schema.nullable === true) out.nullable = true;
  out.anyOf = types.list.map((type) => ({ type: geminiTypes.get(type) }));
  return out;
}

/**
 * Converts `anyOf` (and a `oneOf` whose branches exclude each other) to Gemini's `anyOf`: `null`
 * branches become `nullable`, a single remaining branch is merged into its parent when their
 * annotations agree; only annotations may stand beside the union.
 * @param schema - the node
 * @param types - its declared types
 * @param path - its path
 * @param context - the conversion
 * @param convert - converts a resolved branch
 * @returns the Gemini schema
 * @throws ProviderSchemaError for keywords beside the union, a null-only union, or a oneOf whose branches overlap
 */
export function convertUnion(
  schema: JsonSchema,
  types: DeclaredTypes,
  path: string,
  context: SchemaContext,
  convert: ResolvedConverter,
): Schema {
  if (schema.anyOf !== undefined && schema.oneOf !== undefined) {
    refuse(context, path, 'oneOf', 'a schema with both anyOf and oneOf: merge them into one anyOf');
  }
  const keyword = schema.anyOf !== undefined ? 'anyOf' : 'oneOf';
  const branches: unknown = schema[keyword];
  if (!Array.isArray(branches) || branches.length === 0) refuse(context, path, keyword, `${keyword} must be a non-empty array of schemas`);
  const beside = besideKeywords(schema, keyword, types.list.length === 0 ? 'type' : undefined);
  if (beside !== undefined) {
    refuse(
      context,
      path,
      beside,
      `Gemini's Schema takes no '${beside}' beside ${keyword} (the SDK refuses a type beside anyOf): move it into each branch`,
    );
  }
  let nullable = types.nullable || schema.nullable === true;
  const kept = branches.flatMap((branch: unknown, index) => {
    const at = branchPath(path, keyword, index);
    if (!isSchemaObject(branch))
      return refuse(context, at, keyword, `a boolean schema in ${keyword} cannot be converted: use a schema object`);
    const resolved = resolveNode(branch, at, context);
    if (!isNullSchema(resolved.schema)) return [{ at, ...resolved }];
    nullable = true;
    return [];
  });
  if (kept.length === 0) {
    refuse(
      context,
      path,
      keyword,
      "only null is allowed, which tells the model nothing and Gemini's Schema has no null-only type: remove the property",
    );
  }
  const schemas = kept.map((branch) => branch.schema);
  if (keyword === 'oneOf' && (!oneOfIsExclusive(schemas) || (nullable && schemas.some(acceptsNull)))) {
    refuse(
      context,
      path,
      'oneOf',
      "Gemini's Schema has no oneOf, and these branches can match the same value, so anyOf would accept more: make them exclusive " +
        '(different types, or a required property with a different const in each), or use anyOf',
    );
  }
  const converted = kept.map((branch) => convert(branch.schema, branch.at, branch.context));
  const outer = annotationsOf(schema, path, context);
  const [only] = converted;
  if (
    converted.length === 1 &&
    Object.entries(outer).every(([name, value]) => !(name in only) || sameJson(only[name as keyof Schema], value))
  ) {
    // One branch besides null (`anyOf: [X, { type: 'null' }]`, an optional zod field): X, nullable.
    return { ...only, ...outer, ...(nullable ? { nullable: true } : {}) };
  }
  return { ...outer, ...(nullable ? { nullable: true } : {}), anyOf: converted };
}

function isNullSchema(schema: JsonSchema): boolean {
  if (schema.type === 'null' || (Array.isArray(schema.type) && schema.type.length === 1 && schema.type[0] === 'null')) return true;
  if ('const' in schema) return schema.const === null;
  return Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((value) => value === null);
}

function acceptsNull(schema: JsonSchema): boolean {
  if (schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'))) return true;
  if ('const' in schema) return schema.const === null;
  return Array.isArray(schema.enum) && schema.enum.includes(null);
}

/** The first keyword of a schema that is not `allowed`, an annotation, a meta keyword or `nullable`. */
function besideKeywords(schema: JsonSchema, ...allowed: Array<string | undefined>): string | undefined {
  return Object.keys(schema).find(
    (keyword) =>
      schema[keyword] !== undefined &&
      !allowed.includes(keyword) &&
      keyword !== 'nullable' &&
      !annotationKeywords.has(keyword) &&
      !metaKeywords.has(keyword),
  );
}
