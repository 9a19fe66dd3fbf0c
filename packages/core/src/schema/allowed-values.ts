import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { JsonSchema } from './json-schema.js';
import { schemaObjectOf } from './schema-object.js';

/**
 * A parameter's or property's schema with the allowed values of `@LLMDescription({ enum })`: its
 * `enum`, or its items' `enum` for an array. Each value must be of the schema's type (a string for a
 * string, a number for a number, an integer for an integer, a boolean for a boolean).
 * @param schema - the schema as its type gives it
 * @param values - the allowed values, or undefined for none
 * @param where - the parameter or property, for messages
 * @returns the schema with `enum` (the same schema when there are no values)
 * @throws InvalidToolDefinitionError when the list is empty, holds duplicates or values of another type,
 *   or the schema is of a type that cannot hold it (an object)
 */
export function withAllowedValues(schema: JsonSchema, values: readonly unknown[] | undefined, where: string): JsonSchema {
  if (values === undefined) return schema;
  if (!Array.isArray(values) || values.length === 0)
    throw new InvalidToolDefinitionError(
      where,
      "@LLMDescription({ enum }) must list at least one allowed value, e.g. enum: ['child', 'expert'].",
    );
  const items = schemaObjectOf(schema.items);
  if (schema.type === 'array' && items !== undefined) return { ...schema, items: withAllowedValues(items, values, where) };
  const type = schema.type;
  if (type !== 'string' && type !== 'number' && type !== 'integer' && type !== 'boolean')
    throw new InvalidToolDefinitionError(
      where,
      `@LLMDescription({ enum }) lists allowed values, which only a string, number, integer or boolean (or an array of them) can have; this is ${JSON.stringify(type ?? 'untyped')}.`,
    );
  const seen = new Set<unknown>();
  for (const value of values as unknown[]) {
    if (!fits(value, type))
      throw new InvalidToolDefinitionError(
        where,
        `@LLMDescription({ enum }) lists ${JSON.stringify(value) ?? String(value)}, which is not a ${type} (the parameter's type).`,
      );
    if (seen.has(value)) throw new InvalidToolDefinitionError(where, `@LLMDescription({ enum }) lists ${JSON.stringify(value)} twice.`);
    seen.add(value);
  }
  return { ...schema, enum: [...(values as unknown[])] };
}

function fits(value: unknown, type: 'string' | 'number' | 'integer' | 'boolean'): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
  }
}
