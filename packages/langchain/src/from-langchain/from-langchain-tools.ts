import { describeThrownValue, type JsonSchema } from '@toolcraft/core';
import { describeValue as describe } from '@toolcraft/core/internal';
import { toJsonSchema } from '@langchain/core/utils/json_schema';
import { InvalidLangChainToolsError } from '../errors/invalid-langchain-tools-error.js';
import { defaultsOptional } from './defaults-optional.js';
import type { FromLangChainToolsOptions, ImportedToolSettings } from './from-langchain-options.js';
import { ImportedLangChainTool } from './imported-langchain-tool.js';
import type { LangChainTool } from './langchain-tool.js';

const where = 'fromLangChainTools';

/**
 * LangChain tools (`@langchain/core` tools: `tool()`, `DynamicStructuredTool` and `StructuredTool`
 * with a zod or JSON Schema, `DynamicTool` with a string input, `runnable.asTool()`) as toolcraft
 * tools for an `Agent`, a `ToolRegistry` or an MCP server. Each keeps its name, description and the
 * JSON Schema LangChain would send to a model (converted by LangChain's own `toJsonSchema`; a field
 * with a default is not required, since LangChain fills it when a call leaves it out),
 * and runs with `tool.invoke(toolCall, config)`: the call's id, its signal (toolcraft's time limit
 * and cancellation), the options' config. What the tool answers becomes the result (a
 * `ToolMessage`'s content, with images and files as parts); a `ToolMessage` of `status: 'error'`, a
 * throw or an answer toolcraft cannot use becomes an error result, never a crash.
 * @param tools - the LangChain tools
 * @param options - a time limit, the config of every call, settings of single tools
 * @returns one toolcraft tool per LangChain tool, in order
 * @throws InvalidLangChainToolsError for something that is not a LangChain tool, two tools of one
 *   name, a name or a schema toolcraft cannot take (naming the tool and why), or bad options
 * @example
 * const agent = new Agent({ model, tools: fromLangChainTools([searchTool, calculatorTool], { timeoutMs: 30_000 }) });
 */
export function fromLangChainTools(tools: readonly LangChainTool[], options: FromLangChainToolsOptions = {}): ImportedLangChainTool[] {
  if (!Array.isArray(tools))
    throw new InvalidLangChainToolsError(
      where,
      `expected an array of LangChain tools, got ${describe(tools)}${isTool(tools) ? ' (pass [tool])' : ''}.`,
    );
  checkOptions(options);
  const names = new Set<string>();
  return tools.map((langchain: unknown, index) => {
    const tool = checkTool(langchain, index);
    if (names.has(tool.name))
      throw new InvalidLangChainToolsError(`${where}: tool '${tool.name}'`, 'two tools have this name; tool names must be unique.');
    names.add(tool.name);
    const settings: ImportedToolSettings = {
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...options.tools?.[tool.name],
    };
    try {
      return new ImportedLangChainTool({ langchain: tool, schema: schemaOf(tool), settings, config: options.config });
    } catch (error) {
      if (InvalidLangChainToolsError.isInstance(error)) throw error;
      throw new InvalidLangChainToolsError(`${where}: tool '${tool.name}'`, `cannot be imported: ${describeThrownValue(error)}`, error);
    }
  });
}

function isTool(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { invoke?: unknown }).invoke === 'function';
}

function checkTool(value: unknown, index: number): LangChainTool {
  const tool = value as Partial<LangChainTool> | null;
  if (
    typeof tool !== 'object' ||
    tool === null ||
    typeof tool.name !== 'string' ||
    typeof tool.invoke !== 'function' ||
    !('schema' in tool)
  )
    throw new InvalidLangChainToolsError(
      where,
      `item ${index} is not a LangChain tool (an object with a string 'name', a 'schema' and an 'invoke' method, like tool() or DynamicStructuredTool make), got ${describe(value)}.`,
    );
  if (tool.description !== undefined && typeof tool.description !== 'string')
    throw new InvalidLangChainToolsError(
      `${where}: tool '${tool.name}'`,
      `its description must be a string, got ${describe(tool.description)}.`,
    );
  return tool as LangChainTool;
}

/**
 * The JSON Schema LangChain sends to a model for the tool (its own conversion of zod and Standard
 * Schemas), with fields that have a default left out of `required` (LangChain fills them).
 */
function schemaOf(tool: LangChainTool): JsonSchema {
  let schema: unknown;
  try {
    schema = toJsonSchema(tool.schema as Parameters<typeof toJsonSchema>[0]);
  } catch (error) {
    throw new InvalidLangChainToolsError(
      `${where}: tool '${tool.name}'`,
      `LangChain cannot convert its schema to JSON Schema: ${describeThrownValue(error)}`,
      error,
    );
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || (schema as { type?: unknown }).type !== 'object')
    throw new InvalidLangChainToolsError(
      `${where}: tool '${tool.name}'`,
      `its input schema must be an object schema (type "object"), as tool arguments are a JSON object; got ${describe(schema)}.`,
    );
  return defaultsOptional(schema as JsonSchema);
}

function checkOptions(options: FromLangChainToolsOptions): void {
  if (typeof options !== 'object' || options === null)
    throw new InvalidLangChainToolsError(where, `options must be an object, got ${describe(options)}.`);
  const { timeoutMs, config, tools } = options;
  if (timeoutMs !== undefined && !(typeof timeoutMs === 'number' && timeoutMs > 0))
    throw new InvalidLangChainToolsError(where, `'timeoutMs' must be a number of ms above 0, got ${describe(timeoutMs)}.`);
  if (config !== undefined && (typeof config !== 'object' || config === null))
    throw new InvalidLangChainToolsError(where, `'config' must be a LangChain RunnableConfig object, got ${describe(config)}.`);
  if (tools !== undefined && (typeof tools !== 'object' || tools === null))
    throw new InvalidLangChainToolsError(where, `'tools' must be an object of settings by tool name, got ${describe(tools)}.`);
}
