import type { FuncKeywordDefinition } from 'ajv';
import { canonicalJson } from './canonical-json.js';

/**
 * `uniqueItems` checked in linear time: each item's canonical JSON (keys sorted, so objects equal
 * regardless of key order) goes into a set. ajv's own check compares items pairwise, which lets
 * 40,000 items block the event loop for seconds. Replaces the built-in keyword on toolcraft's ajv
 * instances, so the schema the model is shown still says `uniqueItems`.
 */
export const linearUniqueItems: FuncKeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  errors: true,
  validate: function validateUniqueItems(unique: boolean, data: unknown[]): boolean {
    if (!unique || data.length < 2) return true;
    const seen = new Map<string, number>();
    for (let index = 0; index < data.length; index++) {
      const item = data[index];
      const key = typeof item === 'string' ? `s${item}` : typeof item === 'number' ? `n${item}` : canonicalJson(item);
      const first = seen.get(key);
      if (first !== undefined) {
        (validateUniqueItems as { errors?: unknown[] }).errors = [
          { keyword: 'uniqueItems', message: 'must NOT have duplicate items', params: { i: index, j: first } },
        ];
        return false;
      }
      seen.set(key, index);
    }
    return true;
  },
};
