import type { JsonSchema, ToolDefinition } from '@toolcraft/core';
import { toolDefinitions } from '@toolcraft/core/internal';

/**
 * What {@link toAnthropicTools} reads from a `ToolRegistry`: its tools in insertion order, each with a
 * descriptor and an input schema. A `ToolRegistry` of `@toolcraft/core` fits it; so does any object of
 * the same shape.
 */
export interface ToolRegistryLike {
  /** The tools, in the order they are sent. */
  readonly tools: ReadonlyArray<{
    readonly descriptor: { readonly name: string; readonly description: string };
    readonly inputSchema: JsonSchema;
  }>;
}

/** A registry (converted once per registry, since registries are immutable) or plain tool definitions. */
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
