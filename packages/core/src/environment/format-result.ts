import { ToolExecutionError } from '../errors/tool-execution-error.js';
import type { FormatterRegistry } from '../results/formatter-registry.js';
import { defaultFormat } from '../results/default-format.js';
import { ToolResult } from '../results/tool-result.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import type { ContentPart } from '../results/content-part.js';
import { checkResultParts } from './check-result-parts.js';

/**
 * The text of a tool's result: the tool's own formatter; a `SimpleTool`'s text as it is; else the
 * formatter registered for the result's nearest class, else {@link defaultFormat} (which calls
 * `textForLLM()`). The content is always a string: a number, boolean or bigint from a formatter or
 * `textForLLM()` is converted with `String`; anything else (undefined, null, an object, a promise)
 * fails the call with a {@link ToolExecutionError} saying what came back, the same with or without
 * `maxResultChars`.
 * @param tool - the tool
 * @param formatters - the environment's formatters
 * @param value - the result
 * A formatter may also return content parts, and a {@link ToolResult.Parts} result is its parts.
 * @returns the text for the model, or its parts
 * @throws ToolExecutionError when the formatter returned no text; what a formatter throws, as it is
 */
export function formatResult(tool: AnyTool, formatters: FormatterRegistry, value: unknown): string | readonly ContentPart[] {
  const own = tool.resultFormatter;
  if (own !== undefined) return asContent(tool.name, own(value, { toolName: tool.name }));
  if (value instanceof ToolResult.Text) return asContent(tool.name, value.text);
  const registered = formatters.find(value);
  if (registered !== undefined) return asContent(tool.name, registered(value, { toolName: tool.name }));
  if (ToolResult.isParts(value)) return checkResultParts(tool.name, value.parts);
  return asContent(tool.name, defaultFormat(value));
}

function asContent(toolName: string, text: unknown): string | readonly ContentPart[] {
  switch (typeof text) {
    case 'string':
      return text;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(text);
    default: {
      if (Array.isArray(text)) return checkResultParts(toolName, text);
      const kind =
        text === null
          ? 'null'
          : typeof text === 'object' && typeof (text as { then?: unknown }).then === 'function'
            ? 'a promise'
            : typeof text;
      if (kind === 'a promise') Promise.resolve(text).catch(() => undefined);
      throw new ToolExecutionError(
        toolName,
        `The result of tool '${toolName}' could not be formatted: its formatter (or textForLLM()) returned ${kind}, but must return a string (or content parts) synchronously.`,
      );
    }
  }
}
