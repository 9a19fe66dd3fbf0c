import type { JsonSchema } from '@toolcraft/core';
import { annotationKeywords } from './gemini-keywords.js';
import { refuse, sameJson, type SchemaContext } from './schema-context.js';

/**
 * Merges two schemas that must both hold (an `allOf`'s branches, or a `$ref`'s target and the
 * keywords beside the `$ref`) into one, since Gemini's Schema has neither: keywords only one side
 * has are kept, `required` lists are joined, `properties` united, and annotations (`description`,
 * `title`, ...) of `outer` win. Any other keyword both sides set differently is refused: an exact
 * intersection of the two would need a rule per keyword, and a guess would change the schema.
 * @param base - the first schema (the referenced one, or the branches merged so far)
 * @param outer - the second schema (the keywords beside the `$ref`, or the next branch)
 * @param path - where in the schema, for errors
 * @param context - the conversion
 * @param keyword - `'$ref'` or `'allOf'`, for errors
 * @returns the merged schema (neither input is changed)
 * @throws ProviderSchemaError for keywords the two set differently
 */
export function mergeSchemas(
  base: JsonSchema,
  outer: JsonSchema,
  path: string,
  context: SchemaContext,
  keyword: '$ref' | 'allOf',
): JsonSchema {
  const merged: JsonSchema = { ...base };
  for (const [name, value] of Object.entries(outer)) {
    if (value === undefined) continue;
    const current = merged[name];
    if (current === undefined || sameJson(current, value)) merged[name] = value;
    else if (name === 'required') merged.required = [...new Set([...(current as string[]), ...(value as string[])])];
    else if (name === 'properties')
      merged.properties = mergeProperties(
        current as Record<string, JsonSchema>,
        value as Record<string, JsonSchema>,
        path,
        context,
        keyword,
      );
    else if (name === '$defs' || name === 'definitions') merged[name] = { ...(current as object), ...(value as object) };
    else if (annotationKeywords.has(name) || name === '$comment') merged[name] = value;
    else refuse(context, path, keyword, `${sides(keyword)} set '${name}' differently (${brief(current)} and ${brief(value)}); ${remedy}`);
  }
  return merged;
}

const remedy = "Gemini's Schema has no intersections, so they are merged only where they agree: give the keyword one value";

function mergeProperties(
  left: Record<string, JsonSchema>,
  right: Record<string, JsonSchema>,
  path: string,
  context: SchemaContext,
  keyword: '$ref' | 'allOf',
): Record<string, JsonSchema> {
  const merged = { ...left };
  for (const [name, schema] of Object.entries(right)) {
    if (Object.hasOwn(merged, name) && !sameJson(merged[name], schema)) {
      refuse(context, path, keyword, `${sides(keyword)} declare the property '${name}' differently; ${remedy}`);
    }
    merged[name] = schema;
  }
  return merged;
}

function sides(keyword: '$ref' | 'allOf'): string {
  return keyword === '$ref' ? 'the referenced schema and the keywords beside the $ref' : 'two branches of allOf';
}

function brief(value: unknown): string {
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
