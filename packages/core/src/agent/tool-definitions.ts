import type { JsonSchema } from '../schema/json-schema.js';
import type { ToolDefinition } from '../model/chat-model.js';

/** What a tool definition is read from: a tool's descriptor (name, description) and input schema. */
export interface ToolDefinitionInput {
  /** The descriptor's name and description. */
  readonly descriptor: { readonly name: string; readonly description: string };
  /** The JSON Schema of the arguments. */
  readonly inputSchema: JsonSchema;
}

/**
 * The provider-neutral definitions of tools, in order: the one mapping the agent loop and the
 * adapters use.
 * @param tools - the tools (a registry's `tools`)
 * @returns one `{ name, description, inputSchema }` per tool
 */
export function toolDefinitions(tools: readonly ToolDefinitionInput[]): ToolDefinition[] {
  return tools.map((tool) => ({ name: tool.descriptor.name, description: tool.descriptor.description, inputSchema: tool.inputSchema }));
}
