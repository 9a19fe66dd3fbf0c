import type { ToolDefinition, ToolDefinitionSource } from '@toolcraft/core';
import { convertOnce, readToolDefinitions } from '@toolcraft/core/internal';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { toFunctionParameters } from '../schema/to-function-parameters.js';
import { toStrictSchema } from '../schema/to-strict-schema.js';
import type { OpenAIToolsOptions } from './openai-tools-options.js';

/**
 * Converts tools to the Chat Completions `tools` parameter
 * (`{ type: 'function', function: { name, description, parameters, strict? } }`).
 * Schemas follow the same rules as {@link toResponsesTools} (the two APIs check function parameters alike).
 * For a registry the result is computed once per registry and options and then
 * shared (it is frozen: copy it before adding tools of your own).
 * @param source - a `ToolRegistry` or a list of `ToolDefinition`s
 * @param options - `strict: true` for OpenAI strict mode (default `false`)
 * @returns one function tool per tool, in order
 * @throws StrictSchemaError with `strict: true`, for a schema that cannot be made strict
 * @throws ProviderSchemaError without strict mode, for a schema whose root is not one object schema
 * @example
 * const tools = toOpenAITools(registry, { strict: true });
 * await client.chat.completions.create({ model: 'gpt-4o-mini', messages, tools });
 */
export function toOpenAITools(source: ToolDefinitionSource, options: OpenAIToolsOptions = {}): ChatCompletionFunctionTool[] {
  const strict = options.strict === true;
  return convertOnce(source, strict ? 'openai:chat:strict' : 'openai:chat', () =>
    readToolDefinitions(source).map((definition) => toChatTool(definition, strict)),
  );
}

function toChatTool(definition: ToolDefinition, strict: boolean): ChatCompletionFunctionTool {
  const parameters = strict
    ? toStrictSchema(definition.inputSchema, definition.name)
    : toFunctionParameters(definition.inputSchema, definition.name);
  return {
    type: 'function',
    function: strict
      ? { name: definition.name, description: definition.description, parameters, strict: true }
      : { name: definition.name, description: definition.description, parameters },
  };
}
