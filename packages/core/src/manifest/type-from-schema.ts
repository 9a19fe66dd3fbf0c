import type { JsonSchema } from '../schema/json-schema.js';

/**
 * The runtime type, as `@LLMDescription({ type })` takes it, of a manifest property schema.
 * @param schema - the property's JSON Schema from a manifest, if any
 * @returns String, Number, 'integer', Boolean, Date (`format: date-time`), `[T]` for an array, or
 *   undefined when the schema names no such type (nested objects, enums, unions)
 */
export function typeFromSchema(schema: JsonSchema | undefined): unknown {
  if (schema === undefined || typeof schema !== 'object') return undefined;
  switch (schema.type) {
    case 'string':
      return schema.format === 'date-time' ? Date : String;
    case 'number':
      return Number;
    case 'integer':
      return 'integer';
    case 'boolean':
      return Boolean;
    case 'array': {
      const items = Array.isArray(schema.items) ? undefined : typeFromSchema(schema.items as JsonSchema | undefined);
      return items === undefined || Array.isArray(items) ? undefined : [items];
    }
    default:
      return undefined;
  }
}
