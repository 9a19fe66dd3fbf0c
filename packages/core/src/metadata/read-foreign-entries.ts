import { Brands } from '../brands.js';
import { type MetadataKey, storedKey } from './metadata-key.js';

type StoredKey = string | MetadataKey<unknown>;

/**
 * Reads entries handed in as metadata without calling any of their methods: a `Map`, metadata of
 * another copy of the package (or anything carrying the brand: its own `values` map, read as data),
 * pairs, or a plain object (own enumerable string keys). Keys are stored by name, except private
 * keys when `keepPrivate` is true (a caller may set them; a feature may not).
 * @param source - what was handed in
 * @param keepPrivate - whether private keys are kept
 * @returns the entries
 * @throws TypeError for something that is neither metadata, pairs nor an object
 */
export function readForeignEntries(source: unknown, keepPrivate: boolean): Map<StoredKey, unknown> {
  if (typeof source !== 'object' || source === null) {
    throw new TypeError(`Metadata must be a ToolCallMetadata, [key, value] pairs or a plain object, but was ${typeof source}.`);
  }
  const map = new Map<StoredKey, unknown>();
  const add = (key: unknown, value: unknown) => {
    const stored = storedKey(key);
    if (stored !== undefined && (keepPrivate || typeof stored === 'string')) map.set(stored, value);
  };
  const entries = asMap(source) ?? asMap(ownData(source, Brands.toolCallMetadata) === true ? ownData(source, 'values') : undefined);
  if (entries !== undefined) {
    Map.prototype.forEach.call(entries, (value: unknown, key: unknown) => add(key, value));
  } else if ((source as Record<symbol, unknown>)[Brands.toolCallMetadata] === true) {
    throw new TypeError('Metadata carrying the ToolCallMetadata brand must hold its entries in a Map (it is never called).');
  } else if (Symbol.iterator in source) {
    for (const pair of source as Iterable<unknown>) {
      if (!Array.isArray(pair)) throw new TypeError('Metadata pairs must be [key, value] arrays.');
      add(pair[0], pair[1]);
    }
  } else {
    for (const key of Object.keys(source)) add(key, (source as Record<string, unknown>)[key]);
  }
  return map;
}

function asMap(value: unknown): Map<unknown, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (value instanceof Map) return value;
  // A Map of another realm says so; anything else is not one (and throwing to find out costs a stack trace per call).
  if (Object.prototype.toString.call(value) !== '[object Map]') return undefined;
  try {
    Map.prototype.has.call(value, undefined);
    return value as Map<unknown, unknown>;
  } catch {
    return undefined;
  }
}

function ownData(source: object, key: PropertyKey): unknown {
  const descriptor =
    Object.getOwnPropertyDescriptor(source, key) ?? Object.getOwnPropertyDescriptor(Object.getPrototypeOf(source) ?? {}, key);
  return descriptor !== undefined && 'value' in descriptor ? descriptor.value : undefined;
}
