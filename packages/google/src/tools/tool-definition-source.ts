import type { JsonSchema, ToolDefinition } from '@toolcraft/core';
import { toolDefinitions } from '@toolcraft/core/internal';

/**
 * What `toGeminiTools` reads from a `ToolRegistry`: its tools in insertion order, each with a
 * descriptor and an input schema. A `ToolRegistry` of `@toolcraft/core` fits it.
 */
export interface ToolRegistryLike {
  /** The tools, in the order they are offered to the model. */
  readonly tools: ReadonlyArray<{
    readonly descriptor: { readonly name: string; readonly description: string };
    readonly inputSchema: JsonSchema;
  }>;
}

/** A registry or plain tool definitions (an agent's `toolDefinitions`, a `ChatRequest`'s `tools`). */
export type ToolDefinitionSource = ToolRegistryLike | readonly ToolDefinition[];

/**
 * Reads the provider-neutral definitions of a source.
 * @param source - a registry or a list of definitions
 * @returns the definitions, in order
 */
export function toToolDefinitions(source: ToolDefinitionSource): readonly ToolDefinition[] {
  return Array.isArray(source) ? (source as readonly ToolDefinition[]) : toolDefinitions((source as ToolRegistryLike).tools);
}
