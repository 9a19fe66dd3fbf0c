import type { JsonSchema } from '../schema/json-schema.js';
import { schemaListKeywords, schemaMapKeywords, schemaValueKeywords } from './schema-keywords.js';

const annotations = new Set(['description', 'title', 'examples', '$comment']);

/**
 * The schema a validator is compiled from: the shown schema without its annotations (`description`,
 * `title`, `examples`, `$comment`), which never change what is valid. Tools whose schemas differ
 * only in their descriptions then share one compiled validator.
 * @param schema - the schema the model is shown
 * @returns the same schema without annotations (property names such as `description` are kept)
 */
export function validationSchema(schema: JsonSchema): JsonSchema {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (annotations.has(keyword)) continue;
    if (schemaMapKeywords.includes(keyword) && isRecord(value)) {
      const map: Record<string, JsonSchema> = {};
      for (const [name, inner] of Object.entries(value)) put(map, name, validationSchema(inner as JsonSchema));
      put(result, keyword, map);
    } else if (schemaListKeywords.includes(keyword) && Array.isArray(value)) {
      put(
        result,
        keyword,
        value.map((inner) => validationSchema(inner as JsonSchema)),
      );
    } else if (schemaValueKeywords.includes(keyword) && isRecord(value)) {
      put(result, keyword, validationSchema(value as JsonSchema));
    } else {
      put(result, keyword, value);
    }
  }
  return result;
}

/**
 * Sets an own property whatever its name: a `__proto__` key (own in parsed JSON) stays a key, which
 * the declaration checks then refuse, instead of setting the copy's prototype.
 */
function put(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
