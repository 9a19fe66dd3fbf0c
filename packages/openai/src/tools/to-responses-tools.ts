import type { ToolDefinition } from '@toolcraft/core';
import type { FunctionTool } from 'openai/resources/responses/responses';
import { toStrictSchema } from '../schema/to-strict-schema.js';
import { convertOnce } from './converted-tools-cache.js';
import type { OpenAIToolsOptions, ToolDefinitionSource } from './tool-definition-source.js';
import { toToolDefinitions } from './tool-definition-source.js';

/**
 * Converts tools to the Responses API `tools` parameter
 * (`{ type: 'function', name, description, parameters, strict }`). `strict` is always
 * sent, because the Responses API treats a missing `strict` as `true`.
 * For a registry the result is computed once per registry and options and then shared
 * (it is frozen: copy it before adding tools of your own).
 * @param source - a `ToolRegistry` or a list of `ToolDefinition`s
 * @param options - `strict: true` for OpenAI strict mode (default `false`)
 * @returns one function tool per tool, in order
 * @throws StrictSchemaError with `strict: true`, for a schema that cannot be made strict
 * @example
 * const tools = toResponsesTools(registry, { strict: true });
 * await client.responses.create({ model: 'gpt-4o-mini', input, tools });
 */
export function toResponsesTools(source: ToolDefinitionSource, options: OpenAIToolsOptions = {}): FunctionTool[] {
  const strict = options.strict === true;
  return convertOnce(source, strict ? 'responses:strict' : 'responses', () =>
    toToolDefinitions(source).map((definition) => toFunctionTool(definition, strict)),
  );
}

function toFunctionTool(definition: ToolDefinition, strict: boolean): FunctionTool {
  return {
    type: 'function',
    name: definition.name,
    description: definition.description,
    parameters: strict ? toStrictSchema(definition.inputSchema, definition.name) : definition.inputSchema,
    strict,
  };
}
