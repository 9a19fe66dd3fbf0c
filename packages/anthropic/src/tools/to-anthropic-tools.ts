import type { ToolDefinition, ToolDefinitionSource } from '@toolcraft/core';
import { convertOnce, readToolDefinitions } from '@toolcraft/core/internal';
import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { toInputSchema } from '../schema/input-schema.js';
import { toStrictSchema } from '../schema/strict-schema.js';

/** Options of {@link toAnthropicTools}. */
export interface AnthropicToolsOptions {
  /**
   * Strict tool use (`strict: true` on every tool): the API guarantees the input matches the schema,
   * which must then fit constrained decoding (see the schema table of docs/reference/anthropic.md). Default `false`.
   */
  strict?: boolean;
}

/**
 * Converts tools to the Messages API `tools` parameter (`{ name, description, input_schema }`, and
 * `strict: true` in strict mode), in the order given: the order stays the same from request to request,
 * so a prompt cache over the tools holds. Schemas are sent as JSON Schema 2020-12; what the API would
 * refuse is refused here, before any request. For a registry (or a frozen list, as the `Agent` passes)
 * the result is computed once and shared: it is frozen, copy it before adding tools of your own.
 * @param source - a `ToolRegistry` or a list of `ToolDefinition`s
 * @param options - `strict: true` for strict tool use (default `false`)
 * @returns one tool per definition, in order
 * @throws ProviderSchemaError naming the tool, the JSON path, the keyword and what to change
 * @example
 * const tools = toAnthropicTools(registry);
 * await client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 1024, messages, tools });
 */
export function toAnthropicTools(source: ToolDefinitionSource, options: AnthropicToolsOptions = {}): Tool[] {
  const strict = options.strict === true;
  return convertOnce(source, strict ? 'anthropic:strict' : 'anthropic', () =>
    readToolDefinitions(source).map((definition) => toTool(definition, strict)),
  );
}

function toTool(definition: ToolDefinition, strict: boolean): Tool {
  const tool: Tool = {
    name: definition.name,
    description: definition.description,
    input_schema: strict
      ? toStrictSchema(definition.inputSchema, definition.name, 'tool')
      : toInputSchema(definition.inputSchema, definition.name),
  };
  if (strict) tool.strict = true;
  return tool;
}
