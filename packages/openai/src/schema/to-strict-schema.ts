import type { JsonSchema } from '@toolcraft/core';
import { StrictSchemaError } from '../errors/strict-schema-error.js';
import { makeNullable } from './make-nullable.js';
import { flattenAllOf, inlineRefWithSiblings, isSchemaObject } from './flatten-references.js';
import type { StrictConversionContext as Context } from './flatten-references.js';
import { branchPath, childPath, itemsPath, rootPath } from './schema-path.js';
import { describedKeywords, describeFormat, droppedKeywords, supportedFormats, supportedKeywords } from './strict-keywords.js';

const converted = new WeakMap<object, JsonSchema>();

/**
 * Rewrites a tool's input schema to follow OpenAI's strict-mode rules: every
 * property listed in `required` (optional ones made nullable), `additionalProperties:
 * false` on every object, recursively through properties, items, `anyOf` branches and
 * `$defs`; `oneOf` becomes `anyOf` and a single-branch `allOf` is flattened; constraints
 * strict mode cannot enforce (`minLength`, `default`, ...) move into the description.
 * The input is not modified; results are cached per schema object.
 * @param schema - the tool's input schema (or a structured output's schema)
 * @param toolName - the tool's name (or the output's), for error messages
 * @param subject - whose schema it is, for error messages: a tool's (the default) or a structured output's
 * @returns the strict schema
 * @throws StrictSchemaError when the schema cannot be made strict (a root that is not an
 *   object, a free-form object or `Record`, an unsupported keyword, a schema without a type)
 */
export function toStrictSchema(schema: JsonSchema, toolName: string, subject: 'tool' | 'output' = 'tool'): JsonSchema {
  const cached = converted.get(schema);
  if (cached !== undefined) return cached;
  const fail = (path: string, keyword: string, reason: string): never => {
    throw new StrictSchemaError(toolName, path, reason, keyword, subject);
  };
  if (!isSchemaObject(schema)) return fail(rootPath, 'type', 'the input schema must be a JSON Schema object');
  const context: Context = { root: schema, fail };
  if (schema.anyOf !== undefined || schema.oneOf !== undefined) {
    fail(rootPath, schema.anyOf !== undefined ? 'anyOf' : 'oneOf', 'the root must be a single object schema, not a union (anyOf/oneOf)');
  }
  for (const keyword of ['enum', 'const'] as const) {
    if (keyword in schema) fail(rootPath, keyword, `the root must be an object schema, not a fixed value (\`${keyword}\`)`);
  }
  const rootType = schema.type ?? (schema.properties !== undefined ? 'object' : undefined);
  if (rootType !== 'object') {
    fail(rootPath, 'type', `the root must be an object schema (type 'object'), got ${JSON.stringify(rootType ?? null)}`);
  }
  const result = convertNode({ ...schema, type: 'object' }, rootPath, true, context);
  converted.set(schema, result);
  return result;
}

function convertNode(input: unknown, path: string, isRoot: boolean, context: Context): JsonSchema {
  const { fail } = context;
  if (!isSchemaObject(input)) {
    return fail(path, 'type', `the boolean schema ${JSON.stringify(input)} is not supported; use a typed schema`);
  }
  const schema = inlineRefWithSiblings(flattenAllOf(input, path, context), path, context);
  const result: JsonSchema = {};
  const notes: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (value === undefined || droppedKeywords.has(keyword)) continue;
    if (supportedKeywords.has(keyword)) result[keyword] = value;
    else if (Object.hasOwn(describedKeywords, keyword)) notes.push(describedKeywords[keyword](value));
    else fail(path, keyword, `the keyword '${keyword}' is not supported in strict mode`);
  }
  if (result.format !== undefined && !supportedFormats.has(result.format)) {
    notes.push(describeFormat(result.format));
    delete result.format;
  }
  convertChildren(result, path, context);
  if (isObjectSchema(result)) closeObject(result, path, isRoot, context);
  if (includesType(result, 'array') && result.items === undefined) {
    fail(path, 'items', 'an array without `items` cannot be strict; declare the item type');
  }
  if (
    result.type === undefined &&
    result.anyOf === undefined &&
    result.$ref === undefined &&
    result.enum === undefined &&
    !('const' in result)
  ) {
    fail(path, 'type', 'a schema without a type (any value) cannot be strict; declare its type');
  }
  return withNotes(result, notes);
}

function convertChildren(result: JsonSchema, path: string, context: Context): void {
  const { fail } = context;
  if (result.properties !== undefined) {
    result.properties = mapValues(result.properties, (name, child) => convertNode(child, childPath(path, name), false, context));
  }
  if (result.items !== undefined) {
    if (Array.isArray(result.items)) fail(path, 'items', 'tuple-form `items` (an array of schemas) is not supported');
    result.items = convertNode(result.items, itemsPath(path), false, context);
  }
  if (result.oneOf !== undefined) {
    if (result.anyOf !== undefined) fail(path, 'oneOf', 'a schema with both `anyOf` and `oneOf` is not supported');
    result.anyOf = result.oneOf;
    delete result.oneOf;
  }
  if (result.anyOf !== undefined) {
    result.anyOf = result.anyOf.map((branch, index) => convertNode(branch, branchPath(path, 'anyOf', index), false, context));
  }
  for (const keyword of ['$defs', 'definitions'] as const) {
    const definitions = result[keyword] as Record<string, JsonSchema> | undefined;
    if (definitions !== undefined) {
      result[keyword] = mapValues(definitions, (name, child) => convertNode(child, childPath(`${path}.${keyword}`, name), false, context));
    }
  }
}

function closeObject(result: JsonSchema, path: string, isRoot: boolean, { fail }: Context): void {
  if (result.additionalProperties !== undefined && result.additionalProperties !== false) {
    fail(
      path,
      'additionalProperties',
      'an object with free-form `additionalProperties` (a map or Record) cannot be strict; declare every key in `properties`',
    );
  }
  if (result.properties === undefined) {
    if (!isRoot) fail(path, 'properties', 'an object without declared `properties` (a free-form object) cannot be strict');
    result.properties = {};
  }
  if (result.type === undefined) result.type = 'object';
  const properties = result.properties;
  const required = new Set(result.required ?? []);
  for (const name of required) {
    if (!Object.hasOwn(properties, name)) fail(path, 'required', `the required property '${name}' is not declared in \`properties\``);
  }
  result.properties = mapValues(properties, (name, child) => (required.has(name) || !isSchemaObject(child) ? child : makeNullable(child)));
  result.required = Object.keys(properties);
  result.additionalProperties = false;
}

function withNotes(schema: JsonSchema, notes: string[]): JsonSchema {
  const text = notes.filter((note) => note.length > 0).join('; ');
  if (text.length === 0) return schema;
  const description =
    schema.description === undefined || schema.description.length === 0
      ? text.charAt(0).toUpperCase() + text.slice(1)
      : `${schema.description} (${text})`;
  return { ...schema, description };
}

function isObjectSchema(schema: JsonSchema): boolean {
  return includesType(schema, 'object') || (schema.type === undefined && schema.properties !== undefined);
}

function includesType(schema: JsonSchema, type: string): boolean {
  return Array.isArray(schema.type) ? (schema.type as string[]).includes(type) : schema.type === type;
}

function mapValues<T, U>(record: Record<string, T>, map: (name: string, value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, map(name, value)]));
}
