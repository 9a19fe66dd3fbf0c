import { Type, type Schema } from '@google/genai';
import type { JsonSchema } from '@toolcraft/core';
import { convertNode } from './convert-node.js';
import { isSchemaObject, refuse, type SchemaContext } from './schema-context.js';
import { rootPath } from './schema-path.js';

const parametersCache = new WeakMap<object, Schema | null>();
const responseCache = new WeakMap<object, Schema>();

/**
 * Converts a tool's input schema to the `parameters` of a Gemini function declaration: Gemini's
 * `Schema`, the OpenAPI 3.0 subset of the API (upper-case types, `nullable`, counts as strings),
 * exactly as `@google/genai` sends it. Local `$ref`s are inlined, `allOf` merged, `const` becomes a
 * one-value enum, the nullable forms (`type: [T, 'null']`, `anyOf: [T, { type: 'null' }]`) become
 * `nullable: true`; anything Gemini would reject or silently drop is refused. Results are cached per
 * schema object (share them; do not change them).
 * @param schema - the tool's input schema (an object schema)
 * @param toolName - the tool, for errors
 * @returns the parameters, or undefined for a tool without parameters (Gemini rejects an object schema without properties)
 * @throws ProviderSchemaError naming the tool, the JSON path, the keyword and what to change
 * @example
 * toGeminiParameters({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, 'weather');
 * // { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] }
 */
export function toGeminiParameters(schema: JsonSchema, toolName: string): Schema | undefined {
  const cached = isSchemaObject(schema) ? parametersCache.get(schema) : undefined;
  if (cached !== undefined) return cached ?? undefined;
  const context: SchemaContext = { root: schema, toolName, place: 'parameters', references: [] };
  if (!isSchemaObject(schema)) return refuse(context, rootPath, 'type', "a tool's input schema must be a JSON Schema object");
  const converted = convertNode(schema, rootPath, context);
  if (converted.type !== Type.OBJECT) {
    refuse(
      context,
      rootPath,
      converted.anyOf !== undefined ? 'anyOf' : 'type',
      "Gemini takes a tool's parameters as one object schema: make the root an object with properties",
    );
  }
  const parameters = converted.properties === undefined ? null : converted;
  parametersCache.set(schema, parameters);
  return parameters ?? undefined;
}

/**
 * Converts a structured output's schema to Gemini's `responseSchema`, by the same rules as
 * {@link toGeminiParameters}; the root may be of any type. Cached per schema object.
 * @param schema - the output's JSON Schema
 * @param name - the output's name, for errors
 * @returns the response schema
 * @throws ProviderSchemaError naming the output, the JSON path, the keyword and what to change
 */
export function toGeminiResponseSchema(schema: JsonSchema, name: string): Schema {
  const cached = isSchemaObject(schema) ? responseCache.get(schema) : undefined;
  if (cached !== undefined) return cached;
  const context: SchemaContext = { root: schema, toolName: name, place: 'response', references: [] };
  const converted = convertNode(schema, rootPath, context);
  responseCache.set(schema, converted);
  return converted;
}
