import { Type, type Schema } from '@google/genai';
import type { JsonSchema } from '@toolcraft/core';
import { annotationsOf } from './annotations.js';
import { convertEnum, type GeminiEnum } from './convert-enum.js';
import { convertArray, convertBounds, convertObject, convertString } from './convert-typed-keywords.js';
import { convertTypeList, convertUnion } from './convert-union.js';
import { annotationKeywords, convertedKeywords, keywordTypes, metaKeywords, refusedKeywords } from './gemini-keywords.js';
import { geminiTypes, jsonTypes, type DeclaredTypes } from './gemini-types.js';
import { resolveNode } from './resolve-node.js';
import { isSchemaObject, refuse, type SchemaContext } from './schema-context.js';

/**
 * Converts one JSON Schema node to Gemini's `Schema`, recursively (see docs/reference/google.md for the
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
  if (union) return convertUnion(schema, types, path, context, convertResolved);
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
  if (jsonType === 'object') convertObject(schema, out, path, context, convertNode);
  else if (jsonType === 'array') convertArray(schema, out, path, context, convertNode);
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
