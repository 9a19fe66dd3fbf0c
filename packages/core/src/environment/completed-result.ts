import { describeThrownValue } from '../errors/describe-thrown-value.js';
import { ToolExecutionError } from '../errors/tool-execution-error.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import type { CallInfo, DispatchSettings } from './dispatch-settings.js';
import { failedSafely } from './error-results.js';
import { formatResult } from './format-result.js';
import type { ContentPart } from '../results/content-part.js';
import { contentText } from '../results/content-text.js';
import type { ReceivedToolResult } from './tool-call.js';
import { truncateContent, truncateParts } from './truncate-content.js';

/**
 * The result of a tool that returned: its value formatted for the model (and cut to `maxResultChars`),
 * or, when formatting fails, the error result saying so (a promise then).
 * @param settings - the environment's settings
 * @param tool - the tool
 * @param info - the call
 * @param value - what the tool returned
 * @param guard - the call's guard, if it has one (passed on to the `failed` interceptors)
 * @returns the result
 */
export function completedResult(
  settings: DispatchSettings,
  tool: AnyTool,
  info: CallInfo,
  value: unknown,
  guard?: Parameters<typeof failedSafely>[4],
): ReceivedToolResult | Promise<ReceivedToolResult> {
  let formatted: string | readonly ContentPart[];
  try {
    formatted = formatResult(tool, settings.formatters, value);
  } catch (error) {
    const described = ToolExecutionError.isInstance(error) ? error : formattingError(tool.name, error);
    return failedSafely(settings, info, tool, described, guard);
  }
  if (typeof formatted === 'string')
    return { id: info.id, name: info.name, content: truncateContent(formatted, settings.maxResultChars), isError: false, value };
  const parts = truncateParts(formatted, settings.maxResultChars);
  const content = contentText(parts);
  if (parts.every((part) => part.type === 'text')) return { id: info.id, name: info.name, content, isError: false, value };
  return { id: info.id, name: info.name, content, parts, isError: false, value };
}

function formattingError(toolName: string, error: unknown): ToolExecutionError {
  return new ToolExecutionError(toolName, `The result of tool '${toolName}' could not be formatted: ${describeThrownValue(error)}`, error);
}
