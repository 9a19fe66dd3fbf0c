import { RedisValueError } from './errors/redis-value-error.js';

/** The format version of every value this package writes; a value of another version is refused. */
export const storedFormatVersion = 1;

/**
 * Reads a value this package wrote: JSON `{ "format": "toolcraft.<kind>", "formatVersion": 1, ... }` plus
 * the kind's own fields, refusing anything else with an error naming the key.
 * @param key - the full key, for the error
 * @param kind - the kind expected
 * @param text - the stored text
 * @returns the fields (with `format` and `formatVersion`)
 */
export function decodeStored(key: string, kind: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RedisValueError(key, `it is not JSON (${text.length} characters starting ${JSON.stringify(text.slice(0, 40))})`, {
      cause: error,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RedisValueError(key, 'it is JSON but not an object');
  const record = value as Record<string, unknown>;
  if (record.format !== `toolcraft.${kind}`) {
    throw new RedisValueError(key, `its format is ${JSON.stringify(record.format)}, expected "toolcraft.${kind}"`);
  }
  if (record.formatVersion !== storedFormatVersion) {
    throw new RedisValueError(
      key,
      `its format version is ${JSON.stringify(record.formatVersion)}, this package reads version ${storedFormatVersion}`,
    );
  }
  return record;
}

/**
 * A field of a decoded value that must be a JSON object.
 * @param key - the full key, for the error
 * @param record - the decoded value
 * @param field - the field's name
 * @returns the object
 */
export function objectField(key: string, record: Record<string, unknown>, field: string): Record<string, unknown> {
  const value = record[field];
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RedisValueError(key, `its field '${field}' is not an object`);
  return value as Record<string, unknown>;
}
