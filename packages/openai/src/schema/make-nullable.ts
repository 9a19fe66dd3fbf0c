import type { JsonSchema, JsonSchemaType } from '@toolcraft/core';

const nullSchema: JsonSchema = { type: 'null' };

/**
 * Tells whether a schema already accepts `null` (a `null` type, a nullable
 * `anyOf` branch, `const: null`, or an untyped `enum` containing `null`).
 * @param schema - a strict-converted schema
 * @returns true when `null` is already allowed
 */
export function acceptsNull(schema: JsonSchema): boolean {
  if (schema.anyOf !== undefined)
    return schema.anyOf.some((branch) => branch === true || (typeof branch === 'object' && acceptsNull(branch)));
  if ('const' in schema) return schema.const === null;
  if (schema.type !== undefined) return typeIncludesNull(schema.type) && enumAllowsNull(schema);
  if (schema.enum !== undefined) return schema.enum.includes(null);
  return false;
}

/**
 * Makes an optional property nullable, the way strict mode expresses "may be
 * absent": `type: [T, 'null']` when the schema has a type, an extra
 * `{ type: 'null' }` branch for `anyOf`, and `anyOf: [schema, { type: 'null' }]`
 * otherwise (`$ref`, `const`). Never adds `null` twice.
 * @param schema - a strict-converted property schema (not modified)
 * @returns a schema that also accepts `null`
 */
export function makeNullable(schema: JsonSchema): JsonSchema {
  if (acceptsNull(schema)) return schema;
  if (schema.anyOf !== undefined) return { ...schema, anyOf: [...schema.anyOf, nullSchema] };
  if (schema.type !== undefined && !('const' in schema) && schema.$ref === undefined) {
    const nullable: JsonSchema = { ...schema, type: withNull(schema.type) };
    if (schema.enum !== undefined && !schema.enum.includes(null)) nullable.enum = [...schema.enum, null];
    return nullable;
  }
  if (schema.type === undefined && schema.enum !== undefined && !('const' in schema) && schema.$ref === undefined) {
    return { ...schema, enum: [...schema.enum, null] };
  }
  const { description, ...rest } = schema;
  return description === undefined ? { anyOf: [rest, nullSchema] } : { description, anyOf: [rest, nullSchema] };
}

function typeIncludesNull(type: JsonSchemaType | JsonSchemaType[]): boolean {
  return Array.isArray(type) ? type.includes('null') : type === 'null';
}

function enumAllowsNull(schema: JsonSchema): boolean {
  return schema.enum === undefined || schema.enum.includes(null);
}

function withNull(type: JsonSchemaType | JsonSchemaType[]): JsonSchemaType[] {
  if (Array.isArray(type)) return type.includes('null') ? type : [...type, 'null'];
  return type === 'null' ? [type] : [type, 'null'];
}
