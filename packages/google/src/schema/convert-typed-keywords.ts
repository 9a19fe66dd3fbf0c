import type { Schema } from '@google/genai';
import type { JsonSchema } from '@toolcraft/core';
import type { CountKeyword } from './gemini-keywords.js';
import type { NodeConverter } from './gemini-types.js';
import { isSchemaObject, refuse, type SchemaContext } from './schema-context.js';
import { keywordPath, propertyPath, rootPath } from './schema-path.js';

/**
 * An object's `properties` (converted), `required`, `propertyOrdering` and property counts; a typed map or a nested object without properties is refused.
 * @param schema - the node
 * @param out - the Gemini schema being built
 * @param path - its path
 * @param context - the conversion
 * @param convert - converts a child node
 * @throws ProviderSchemaError for what Gemini cannot take
 */
export function convertObject(schema: JsonSchema, out: Schema, path: string, context: SchemaContext, convert: NodeConverter): void {
  const additional: unknown = schema.additionalProperties;
  if (isSchemaObject(additional) && Object.keys(additional).length > 0) {
    refuse(
      context,
      path,
      'additionalProperties',
      "Gemini's Schema has no additionalProperties, so the values of a map cannot be typed: declare the keys as properties, " +
        'or take the map as an array of { key, value } objects',
    );
  }
  const properties: unknown = schema.properties ?? {};
  if (!isSchemaObject(properties)) return refuse(context, path, 'properties', 'properties must be an object of schemas');
  const converted: Record<string, Schema> = {};
  for (const [name, child] of Object.entries(properties)) converted[name] = convert(child, propertyPath(path, name), context);
  const names = Object.keys(converted);
  if (names.length === 0 && !(path === rootPath && context.place === 'parameters')) {
    refuse(
      context,
      path,
      'properties',
      'an object without declared properties (a free-form object or a map) cannot be described to Gemini, whose Schema rejects an ' +
        'OBJECT without properties: declare its properties, or take it as a JSON string',
    );
  }
  if (names.length > 0) out.properties = converted;
  const required = namesOf(schema, 'required', names, path, context);
  if (required !== undefined && required.length > 0) out.required = required;
  const ordering = namesOf(schema, 'propertyOrdering', names, path, context);
  if (ordering !== undefined) out.propertyOrdering = ordering;
  copyCounts(schema, out, ['minProperties', 'maxProperties'], path, context);
}

function namesOf(
  schema: JsonSchema,
  keyword: 'required' | 'propertyOrdering',
  names: string[],
  path: string,
  context: SchemaContext,
): string[] | undefined {
  const value: unknown = schema[keyword];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((name) => typeof name === 'string'))
    refuse(context, path, keyword, `${keyword} must be an array of property names`);
  const missing = (value as string[]).find((name) => !names.includes(name));
  if (missing !== undefined)
    refuse(context, path, keyword, `it lists '${missing}', which is not among the properties: declare it or remove it from ${keyword}`);
  return [...(value as string[])];
}

/**
 * An array's `items` (converted) and item counts; an array without `items`, or with tuple-form `items`, is refused.
 * @param schema - the node
 * @param out - the Gemini schema being built
 * @param path - its path
 * @param context - the conversion
 * @param convert - converts a child node
 * @throws ProviderSchemaError for what Gemini cannot take
 */
export function convertArray(schema: JsonSchema, out: Schema, path: string, context: SchemaContext, convert: NodeConverter): void {
  const items: unknown = schema.items;
  if (items === undefined) refuse(context, path, 'items', "Gemini needs to know the type of an array's items: declare items");
  if (Array.isArray(items)) {
    refuse(
      context,
      path,
      'items',
      "tuple-form items (an array of schemas) has no equivalent in Gemini's Schema: use an object with named properties",
    );
  }
  out.items = convert(items, keywordPath(path, 'items'), context);
  copyCounts(schema, out, ['minItems', 'maxItems'], path, context);
}

/**
 * A string's length counts and `pattern`.
 * @param schema - the node
 * @param out - the Gemini schema being built
 * @param path - its path
 * @param context - the conversion
 * @throws ProviderSchemaError for what Gemini cannot take
 */
export function convertString(schema: JsonSchema, out: Schema, path: string, context: SchemaContext): void {
  copyCounts(schema, out, ['minLength', 'maxLength'], path, context);
  if (schema.pattern === undefined) return;
  if (typeof schema.pattern !== 'string') refuse(context, path, 'pattern', 'pattern must be a string');
  out.pattern = schema.pattern;
}

function copyCounts(schema: JsonSchema, out: Schema, keywords: CountKeyword[], path: string, context: SchemaContext): void {
  for (const keyword of keywords) {
    const value: unknown = schema[keyword];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      refuse(context, path, keyword, `${keyword} must be a whole number of at least 0`);
    out[keyword] = String(value);
  }
}

/**
 * `minimum` and `maximum` as they are; an exclusive bound of an integer becomes the inclusive bound
 * next to it (`exclusiveMinimum: 0` is `minimum: 1`). Gemini's Schema has only inclusive bounds, so
 * an exclusive bound of a number is refused.
 * @param schema - the node
 * @param out - the Gemini schema being built
 * @param type - `'number'` or `'integer'`
 * @param path - its path
 * @param context - the conversion
 * @throws ProviderSchemaError for a bound that is not a number, or an exclusive bound of a number
 */
export function convertBounds(schema: JsonSchema, out: Schema, type: string, path: string, context: SchemaContext): void {
  for (const keyword of ['minimum', 'maximum'] as const) {
    const value: unknown = schema[keyword];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) refuse(context, path, keyword, `${keyword} must be a number`);
    out[keyword] = value;
  }
  for (const [keyword, bound, step] of [
    ['exclusiveMinimum', 'minimum', 1],
    ['exclusiveMaximum', 'maximum', -1],
  ] as const) {
    const value: unknown = schema[keyword];
    if (value === undefined || value === false) continue;
    // Draft 4 wrote `exclusiveMinimum: true` beside `minimum`; later drafts give the bound itself.
    const limit = value === true ? schema[bound] : value;
    if (typeof limit !== 'number' || !Number.isFinite(limit)) refuse(context, path, keyword, `${keyword} must be a number`);
    if (type !== 'integer') {
      refuse(
        context,
        path,
        keyword,
        `Gemini's Schema has only inclusive bounds: use ${bound} (e.g. @Min(0.01) for a positive amount) or make the value an integer`,
      );
    }
    const inclusive = step > 0 ? Math.floor(limit) + 1 : Math.ceil(limit) - 1;
    const current = value === true ? undefined : out[bound];
    out[bound] = current === undefined ? inclusive : step > 0 ? Math.max(current, inclusive) : Math.min(current, inclusive);
  }
}
