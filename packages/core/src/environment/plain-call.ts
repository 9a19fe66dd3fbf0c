import { describeThrownValue } from '../errors/describe-thrown-value.js';
import { ToolExecutionError } from '../errors/tool-execution-error.js';
import { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { invokeTool } from '../tools/invoke-tool.js';
import type { CallInfo, DispatchSettings } from './dispatch-settings.js';
import { failedResult, failedSafely } from './error-results.js';
import type { Abortable } from './abort-watchers.js';
import { untilAborted } from './bounded-await.js';
import { raisedByFramework } from './framework-raised.js';
import { ToolCancelledError } from '../errors/tool-cancelled-error.js';
import { formatResult } from './format-result.js';
import type { ContentPart } from '../results/content-part.js';
import { contentText } from '../results/content-text.js';
import type { ReceivedToolResult } from './tool-call.js';
import { truncateContent, truncateParts } from './truncate-content.js';

/**
 * Runs a tool on the fast path: a call with no time limit and nobody to tell (no metadata providers,
 * no interceptors), to a tool that needs no metadata (so sees no signal). There is nothing to await
 * but the tool, so there is no async function layer and no guard: a tool's promise is chained once
 * (and, with `bound`, waited for until it aborts), a tool that returns a value synchronously is
 * answered at once. Never rejects.
 * @param settings - the environment's settings
 * @param tool - the tool
 * @param info - the call, its arguments decoded
 * @param args - the decoded arguments
 * @param bound - what cancels the wait (a run's deadline), if anything: the call then ends at once
 *   with a `ToolCancelledError` result, as a guarded call does (a call already cancelled does not run)
 * @returns the call's one result
 */
export function runPlainTool(
  settings: DispatchSettings,
  tool: AnyTool,
  info: CallInfo,
  args: unknown,
  bound?: Abortable,
): Promise<ReceivedToolResult> {
  try {
    if (bound?.aborted === true) return cancelledResult(settings, info, tool, bound.reason);
    const returned: unknown = tool[invokeTool](args, ToolCallMetadata.empty);
    if (typeof returned !== 'function' && (typeof returned !== 'object' || returned === null)) {
      return Promise.resolve(completedResult(settings, tool, info, returned));
    }
    // `Promise.resolve` returns a native promise as it is and adopts any other thenable (a `then` that throws rejects).
    const settled = Promise.resolve(returned).then(
      (value) => completedResult(settings, tool, info, value),
      (error: unknown) => failedSafely(settings, info, tool, error),
    );
    // The chain never rejects: a rejection of the wait is the abort.
    return bound === undefined
      ? settled
      : untilAborted(settled, bound).catch((reason: unknown) => cancelledResult(settings, info, tool, reason));
  } catch (error) {
    return failedSafely(settings, info, tool, error);
  }
}

/** The result of a call cancelled by what bounds its wait: the framework's `ToolCancelledError`, as a guarded call gets. */
function cancelledResult(settings: DispatchSettings, info: CallInfo, tool: AnyTool, reason: unknown): Promise<ReceivedToolResult> {
  return failedResult(settings, info, tool, raisedByFramework(new ToolCancelledError(tool.name, reason), info));
}

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
