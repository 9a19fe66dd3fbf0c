import type { ToolDefinition } from '../model/chat-model.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { toolDefinitions } from './tool-definitions.js';

/**
 * What the adapters' tool converters (`toOpenAITools`, `toGeminiTools`, `toAnthropicTools`, ...) read
 * from a `ToolRegistry`: its tools in insertion order, each with a descriptor and an input schema. A
 * `ToolRegistry` fits it; so does any object of the same shape.
 */
export interface ToolRegistryLike {
  /** The tools, in the order they are offered to the model. */
  readonly tools: ReadonlyArray<{
    readonly descriptor: { readonly name: string; readonly description: string };
    readonly inputSchema: JsonSchema;
  }>;
}

/**
 * What a tool converter takes: a registry (converted once per registry, since registries are
 * immutable) or plain tool definitions (an agent's `toolDefinitions`, a `ChatRequest`'s `tools`).
 */
export type ToolDefinitionSource = ToolRegistryLike | readonly ToolDefinition[];

/**
 * Reads the provider-neutral definitions of a source.
 * @param source - a registry or a list of definitions
 * @returns the definitions, in order
 */
export function readToolDefinitions(source: ToolDefinitionSource): readonly ToolDefinition[] {
  return isDefinitionList(source) ? source : toolDefinitions(source.tools);
}

/**
 * Tells a list of definitions from a registry.
 * @param source - a registry or a list of definitions
 * @returns true for a list of definitions
 */
export function isDefinitionList(source: ToolDefinitionSource): source is readonly ToolDefinition[] {
  return Array.isArray(source);
}

const bySource = new WeakMap<object, Map<string, readonly unknown[]>>();

/**
 * Converts a source's tools once per source and key: a registry is immutable, and so is a frozen
 * definition list (the `Agent`'s, which it passes to `prepareTools` and then with every request), so
 * both are cached in a `WeakMap` (the entry goes away with the source). Other lists are converted on
 * every call (they may change). Adapters share the cache: each key starts with its provider.
 * @param source - a registry or a list of definitions
 * @param key - the adapter, format and options, e.g. `'openai:chat:strict'`
 * @param convert - the conversion to run on a miss
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
