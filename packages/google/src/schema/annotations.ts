import type { Schema } from '@google/genai';
import type { JsonSchema } from '@toolcraft/core';
import { refuse, type SchemaContext } from './schema-context.js';

/**
 * The annotations of a node: `title`, `description` (with `examples` and `deprecated` described
 * in it, since Gemini's Schema has neither), `default` and `example`.
 * @param schema - the node
 * @param path - its path
 * @param context - the conversion
 * @returns the annotations in Gemini's Schema
 * @throws ProviderSchemaError for an annotation of the wrong type
 */
export function annotationsOf(schema: JsonSchema, path: string, context: SchemaContext): Schema {
  const out: Schema = {};
  for (const keyword of ['title', 'description'] as const) {
    const value: unknown = schema[keyword];
    if (value === undefined) continue;
    if (typeof value !== 'string') refuse(context, path, keyword, `${keyword} must be a string`);
    out[keyword] = value;
  }
  const notes: string[] = [];
  if (schema.examples !== undefined) {
    if (!Array.isArray(schema.examples)) refuse(context, path, 'examples', 'examples must be an array');
    notes.push(`examples: ${schema.examples.map((example) => JSON.stringify(example)).join(', ')}`);
  }
  if (schema.deprecated === true) notes.push('deprecated');
  if (notes.length > 0) {
    const text = notes.join('; ');
    out.description = out.description ? `${out.description} (${text})` : text.charAt(0).toUpperCase() + text.slice(1);
  }
  if (schema.default !== undefined) out.default = schema.default;
  if (schema.example !== undefined) out.example = schema.example;
  return out;
}
