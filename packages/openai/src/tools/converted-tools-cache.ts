import type { ToolDefinitionSource } from './tool-definition-source.js';
import { isDefinitionList } from './tool-definition-source.js';

const byRegistry = new WeakMap<object, Map<string, readonly unknown[]>>();

/**
 * Converts a source's tools once per registry and options: registries are immutable,
 * so the second request for the same registry, format and strictness is served from a
 * `WeakMap` (the entry goes away with the registry). A frozen definition list (such as
 * the `Agent`'s) is cached the same way; other lists are converted on every call (they
 * may change), with strict schemas still cached per schema object underneath.
 * @param source - a registry or a list of definitions
 * @param key - the output format and options, e.g. `chat:strict`
 * @param convert - the conversion to run on a cache miss
 * @returns the converted tools (frozen when cached: share, do not mutate)
 */
export function convertOnce<T>(source: ToolDefinitionSource, key: string, convert: () => T[]): T[] {
  if (isDefinitionList(source) && !Object.isFrozen(source)) return convert();
  let entries = byRegistry.get(source);
  if (entries === undefined) {
    entries = new Map();
    byRegistry.set(source, entries);
  }
  const cached = entries.get(key);
  if (cached !== undefined) return cached as T[];
  const tools = Object.freeze(convert()) as T[];
  entries.set(key, tools);
  return tools;
}
