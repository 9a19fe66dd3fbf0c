import type { ToolDefinitionSource } from './tool-definition-source.js';
import { isDefinitionList } from './tool-definition-source.js';

const bySource = new WeakMap<object, Map<string, readonly unknown[]>>();

/**
 * Converts a source's tools once per source and options: a registry is immutable, and so is a frozen
 * definition list (the `Agent`'s, which it passes to `prepareTools` and then with every request), so
 * both are cached in a `WeakMap` (the entry goes away with the source). Other lists are converted on
 * every call (they may change), with schemas still cached per schema object underneath.
 * @param source - a registry or a list of definitions
 * @param key - the options, e.g. `strict`
 * @param convert - the conversion to run on a cache miss
 * @returns the converted tools (frozen when cached: share, do not mutate)
 */
export function convertOnce<T>(source: ToolDefinitionSource, key: string, convert: () => T[]): T[] {
  if (isDefinitionList(source) && !Object.isFrozen(source)) return convert();
  let entries = bySource.get(source);
  if (entries === undefined) {
    entries = new Map();
    bySource.set(source, entries);
  }
  const cached = entries.get(key);
  if (cached !== undefined) return cached as T[];
  const tools = Object.freeze(convert()) as T[];
  entries.set(key, tools);
  return tools;
}
