import type { FormatterRegistry } from '../results/formatter-registry.js';
import { defaultFormat } from '../results/default-format.js';
import { ToolResult } from '../results/tool-result.js';
import type { AnyTool } from '../tools/abstract-tool.js';

/**
 * The text of a tool's result: the tool's own formatter; a `SimpleTool`'s text as it is; else the
 * formatter registered for the result's nearest class, else {@link defaultFormat}.
 * @param tool - the tool
 * @param formatters - the environment's formatters
 * @param value - the result
 * @returns the text for the model
 */
export function formatResult(tool: AnyTool, formatters: FormatterRegistry, value: unknown): string {
  const own = tool.resultFormatter;
  if (own !== undefined) return own(value, { toolName: tool.name });
  if (value instanceof ToolResult.Text) return value.text;
  const registered = formatters.find(value);
  return registered !== undefined ? registered(value, { toolName: tool.name }) : defaultFormat(value);
}
