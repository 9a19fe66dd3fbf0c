import { Type, type Schema } from '@google/genai';
import type { JsonSchema } from '@toolcraft/core';
import { convertEnum, type GeminiEnum } from './convert-enum.js';
import {
  annotationKeywords,
  convertedKeywords,
  keywordTypes,
  metaKeywords,
  refusedKeywords,
  type CountKeyword,
} from './gemini-keywords.js';
import { oneOfIsExclusive } from './one-of-as-any-of.js';
import { resolveNode } from './resolve-node.js';
import { isSchemaObject, refuse, type SchemaContext } from './schema-context.js';
import { branchPath, keywordPath, propertyPath, rootPath } from './schema-path.js';

const geminiTypes = new Map<string, Type>([
  ['string', Type.STRING],
  ['number', Type.NUMBER],
  ['integer', Type.INTEGER],
  ['boolean', Type.BOOLEAN],
  ['array', Type.ARRAY],
  ['object', Type.OBJECT],
]);
const jsonTypes = new Map<Type, string>([...geminiTypes].map(([json, gemini]) => [gemini, json]));

/** A node's declared JSON types without `null`, and whether `null` was one of them. */
interface DeclaredTypes {
  list: string[];
  nullable: boolean;
}

/**
 * Converts one JSON Schema node to Gemini's `Schema`, recursively (see the package README for the
 * table of keywords: kept, converted, refused).
 * @param input - the node
 * @param path - its JSONPath in the tool's schema
 * @param context - the conversion
 * @returns the Gemini schema
 * @throws ProviderSchemaError for anything Gemini's Schema cannot hold exactly
 */
export function convertNode(input: unknown, path: string, context: SchemaContext): Schema {
  if (!isSchemaObject(input)) {
    const hint =
      input === true
        ? "the schema `true` accepts any value, which Gemini's Schema cannot express: declare its type"
        : input === false
          ? 'the schema `false` accepts no value: remove it'
          : `expected a JSON Schema object, got ${JSON.stringify(input)}`;
    return refuse(context, path, 'type', hint);
  }
  const resolved = resolveNode(input, path, context);
  return convertResolved(resolved.schema, path, resolved.context);
}

function convertResolved(schema: JsonSchema, path: string, context: SchemaContext): Schema {
  checkKeywords(schema, path, context);
  const union = schema.anyOf !== undefined || schema.oneOf !== undefined;
  const types = declaredTypes(schema, union, path, context);
  if (union) return convertUnion(schema, types, path, context);
  if (types.list.length > 1) return convertTypeList(schema, types, path, context);
  let nullable = types.nullable || schema.nullable === true;
  let values: GeminiEnum | undefined;
  if (schema.enum !== undefined || 'const' in schema) {
    values = enumOf(schema, types.list[0], path, context);
    nullable ||= values.nullable;
  }
  const declared = types.list[0];
  const type = values?.type ?? (declared !== undefined ? geminiTypes.get(declared) : inferredType(schema));
  if (type === undefined) {
    return refuse(
      context,
      path,
      'type',
      "a schema without a type accepts any value, which Gemini's Schema cannot express: declare its type",
    );
  }
  const jsonType = jsonTypes.get(type) ?? 'object';
  checkApplicable(schema, jsonType, path, context);
  const out: Schema = { type };
  const format = formatOf(schema, values, path, context);
  if (format !== undefined) out.format = format;
  Object.assign(out, annotationsOf(schema, path, context));
  if (nullable) out.nullable = true;
  if (values !== undefined) out.enum = values.enum;
  if (jsonType === 'object') convertObject(schema, out, path, context);
  else if (jsonType === 'array') convertArray(schema, out, path, context);
  else if (jsonType === 'string') convertString(schema, out, path, context);
  else if (jsonType === 'number' || jsonType === 'integer') convertBounds(schema, out, jsonType, path, context);
  return out;
}

function checkKeywords(schema: JsonSchema, path: string, context: SchemaContext): void {
  for (const [keyword, value] of Object.entries(schema)) {
    if (value === undefined || convertedKeywords.has(keyword) || annotationKeywords.has(keyword) || metaKeywords.has(keyword)) continue;
    const hint = Object.hasOwn(refusedKeywords, keyword)
      ? refusedKeywords[keyword]
      : `Gemini's Schema has no '${keyword}' (the API refuses fields its Schema does not have): remove it`;
    refuse(context, path, keyword, hint);
  }
}

function declaredTypes(schema: JsonSchema, union: boolean, path: string, context: SchemaContext): DeclaredTypes {
  if (schema.type === undefined) return { list: [], nullable: false };
  const raw: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const type of raw) {
    if (typeof type !== 'string' || (type !== 'null' && !geminiTypes.has(type))) {
      refuse(context, path, 'type', `${JSON.stringify(type)} is not a JSON Schema type`);
    }
  }
  const list = [...new Set(raw.filter((type): type is string => type !== 'null'))];
  if (list.length === 0 && !union) {
    refuse(
      context,
      path,
      'type',
      "a value that is always null tells the model nothing, and Gemini's Schema has no null-only type: remove the property",
    );
  }
  return { list, nullable: raw.includes('null') };
}

/** `type: ['string', 'number']`: one bare branch per type, as the SDK itself rewrites a type list; only annotations may stand beside it. */
function convertTypeList(schema: JsonSchema, types: DeclaredTypes, path: string, context: SchemaContext): Schema {
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

function convertUnion(schema: JsonSchema, types: DeclaredTypes, path: string, context: SchemaContext): Schema {
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
  const converted = kept.map((branch) => convertResolved(branch.schema, branch.at, branch.context));
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

function enumOf(schema: JsonSchema, declared: string | undefined, path: string, context: SchemaContext): GeminiEnum {
  if (schema.enum !== undefined && 'const' in schema) refuse(context, path, 'const', 'a schema with both enum and const: keep one');
  if ('const' in schema) return convertEnum([schema.const], declared, path, 'const', context);
  if (!Array.isArray(schema.enum) || schema.enum.length === 0) refuse(context, path, 'enum', 'enum must be a non-empty array of values');
  return convertEnum(schema.enum, declared, path, 'enum', context);
}

function inferredType(schema: JsonSchema): Type | undefined {
  if (schema.properties !== undefined || schema.required !== undefined) return Type.OBJECT;
  if (schema.items !== undefined) return Type.ARRAY;
  return undefined;
}

function checkApplicable(schema: JsonSchema, type: string, path: string, context: SchemaContext): void {
  for (const [keyword, types] of Object.entries(keywordTypes)) {
    if (schema[keyword] === undefined || types.includes(type)) continue;
    refuse(
      context,
      path,
      keyword,
      `'${keyword}' applies to ${types.join(' and ')} values, and Gemini rejects it beside type '${type}': remove it or fix the type`,
    );
  }
}

function formatOf(schema: JsonSchema, values: GeminiEnum | undefined, path: string, context: SchemaContext): string | undefined {
  const format: unknown = schema.format;
  if (format !== undefined && typeof format !== 'string') refuse(context, path, 'format', 'format must be a string');
  if (values?.format !== 'enum') return format;
  if (format !== undefined && format !== 'enum') {
    refuse(
      context,
      path,
      'format',
      `a numeric enum is sent with format 'enum' (how Gemini's Schema marks one), which leaves no room for format '${format}': remove the format`,
    );
  }
  return 'enum';
}

/** `title`, `description` (with `examples` and `deprecated` described in it), `default` and `example`. */
function annotationsOf(schema: JsonSchema, path: string, context: SchemaContext): Schema {
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

function convertObject(schema: JsonSchema, out: Schema, path: string, context: SchemaContext): void {
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
  for (const [name, child] of Object.entries(properties)) converted[name] = convertNode(child, propertyPath(path, name), context);
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

function convertArray(schema: JsonSchema, out: Schema, path: string, context: SchemaContext): void {
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
  out.items = convertNode(items, keywordPath(path, 'items'), context);
  copyCounts(schema, out, ['minItems', 'maxItems'], path, context);
}

function convertString(schema: JsonSchema, out: Schema, path: string, context: SchemaContext): void {
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
 */
function convertBounds(schema: JsonSchema, out: Schema, type: string, path: string, context: SchemaContext): void {
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

function sameJson(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}
