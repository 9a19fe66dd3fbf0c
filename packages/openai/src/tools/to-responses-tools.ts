import type { ToolDefinition, ToolDefinitionSource } from '@toolcraft/core';
import { convertOnce, readToolDefinitions } from '@toolcraft/core/internal';
import type { FunctionTool } from 'openai/resources/responses/responses';
import { toFunctionParameters } from '../schema/to-function-parameters.js';
import { toStrictSchema } from '../schema/to-strict-schema.js';
import type { OpenAIToolsOptions } from './openai-tools-options.js';

/**
 * Converts tools to the Responses API `tools` parameter
 * (`{ type: 'function', name, description, parameters, strict }`). `strict` is always
 * sent, because the Responses API treats a missing `strict` as `true`.
 *
 * The conversion is exact or it throws, so a schema OpenAI would reject (a 400 on the first
 * request) or silently change is reported when the tool list is built:
 * - with `strict: true`, the schema is rewritten to strict-mode rules (`toStrictSchema`: every
 *   property required, optional ones nullable, objects closed, `oneOf` as `anyOf`, `allOf`
 *   merged, `$ref` siblings moved beside an `anyOf`, constraints strict mode cannot enforce
 *   written into the description) and what cannot follow them throws a `StrictSchemaError`
 *   naming the tool, the JSON path and the keyword;
 * - without it, the schema is sent as it is, except its root, which must be one object schema
 *   (`toFunctionParameters`: a root `allOf` merged, a missing `type: 'object'` or `properties`
 *   added; a root union, `enum`, `const`, `not` or non-object type throws a `ProviderSchemaError`).
 *
 * For a registry (or the `Agent`'s frozen definitions) the result is computed once per source and
 * options and then shared (it is frozen: copy it before adding tools of your own).
 * @param source - a `ToolRegistry` or a list of `ToolDefinition`s
 * @param options - `strict: true` for OpenAI strict mode (default `false`)
 * @returns one function tool per tool, in order
 * @throws StrictSchemaError with `strict: true`, for a schema that cannot be made strict
 * @throws ProviderSchemaError without strict mode, for a schema whose root is not one object schema
 * @example
 * const tools = toResponsesTools(registry, { strict: true });
 * await client.responses.create({ model: 'gpt-5-mini', input, tools });
 */
export function toResponsesTools(source: ToolDefinitionSource, options: OpenAIToolsOptions = {}): FunctionTool[] {
  const strict = options.strict === true;
  return convertOnce(source, strict ? 'openai:responses:strict' : 'openai:responses', () =>
    readToolDefinitions(source).map((definition) => toFunctionTool(definition, strict)),
  );
}

function toFunctionTool(definition: ToolDefinition, strict: boolean): FunctionTool {
  return {
    type: 'function',
    name: definition.name,
    description: definition.description,
    parameters: strict
      ? toStrictSchema(definition.inputSchema, definition.name)
      : toFunctionParameters(definition.inputSchema, definition.name),
    strict,
  };
}
