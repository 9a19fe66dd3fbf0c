import type { JsonSchema, JsonSchemaType } from '../../schema/json-schema.js';

/**
 * The schema of a value that may also be `null` (how optional arguments are described, since
 * `null` for an optional argument means absent).
 * @param schema - the schema of the non-null values
 * @returns a schema that also accepts null
 */
export function nullableSchema(schema: JsonSchema): JsonSchema {
  const { description, default: defaultValue, ...rest } = schema;
  const extras: JsonSchema = {
    ...(description !== undefined ? { description } : {}),
    ...(defaultValue !== undefined ? { default: defaultValue } : {}),
  };
  if (rest.enum !== undefined) {
    const types = typeList(rest.type);
    return {
      ...rest,
      ...(types ? { type: [...types, 'null'] } : {}),
      enum: [...rest.enum, null],
      ...extras,
    };
  }
  // `const` (from @Equals) applies to every type, null included, so it cannot share a type list with null.
  if (typeof rest.type === 'string' && rest.anyOf === undefined && rest.oneOf === undefined && !('const' in rest)) {
    return { ...rest, type: [rest.type, 'null'], ...extras };
  }
  return { anyOf: [rest, { type: 'null' }], ...extras };
}

function typeList(type: JsonSchemaType | JsonSchemaType[] | undefined): JsonSchemaType[] | undefined {
  if (type === undefined) return undefined;
  return Array.isArray(type) ? type : [type];
}
