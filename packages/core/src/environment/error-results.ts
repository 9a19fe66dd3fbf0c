import { type ArgumentViolation, describeViolations, ToolArgumentsError } from '../errors/tool-arguments-error.js';
import { withoutStack } from '../errors/without-stack.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import type { CallInfo, DispatchSettings } from './dispatch-settings.js';
import { describeToolError } from './error-detail.js';
import type { ReceivedToolResult } from './tool-call.js';
import { truncateContent } from './truncate-content.js';

/**
 * The error result of a failed call, after the `failed` interceptors (if any) have seen it.
 * @param settings - the environment's settings
 * @param info - the call
 * @param tool - the tool, when the name was known
 * @param error - what failed
 * @returns the result, with the original error on it
 */
export function failedResult(
  settings: DispatchSettings,
  info: CallInfo,
  tool: AnyTool | undefined,
  error: unknown,
): Promise<ReceivedToolResult> {
  const content = ToolArgumentsError.isInstance(error)
    ? `Error: ${error.message}\nFix the arguments and call '${error.toolName}' again.`
    : describeToolError(info.name, error, settings.errorDetail);
  const result = errorResult(info, error, truncateContent(content, settings.maxResultChars));
  const { pipeline } = settings;
  if (pipeline.failed.length === 0) return Promise.resolve(result);
  return pipeline.run('failed', pipeline.failed, info.id, { call: info, ...(tool ? { tool } : {}), error, result }).then(() => result);
}

/**
 * The last resort for an unexpected throw: an error result, whatever else fails.
 * @returns the result
 */
export function failedSafely(
  settings: DispatchSettings,
  info: CallInfo,
  tool: AnyTool | undefined,
  error: unknown,
): Promise<ReceivedToolResult> {
  const fallback = () => errorResult(info, error, describeToolError(info.name, error, settings.errorDetail));
  try {
    return failedResult(settings, info, tool, error).catch(fallback);
  } catch {
    return Promise.resolve(fallback());
  }
}

/**
 * Answers arguments that failed to decode. The model's text is written from the violations; the
 * `ToolArgumentsError` for the host is built when first read, or at once when interceptors need it.
 * @returns the result
 */
export function invalidArgumentsResult(
  settings: DispatchSettings,
  info: CallInfo,
  tool: AnyTool,
  violations: ArgumentViolation[],
): Promise<ReceivedToolResult> {
  const { pipeline } = settings;
  if (pipeline.validationFailed.length + pipeline.failed.length > 0) {
    const error = withoutStack(() => new ToolArgumentsError(tool.name, violations));
    return pipeline
      .run('validationFailed', pipeline.validationFailed, info.id, { call: info, tool, error })
      .then(() => failedResult(settings, info, tool, error));
  }
  const content = `Error: ${describeViolations(tool.name, violations)}\nFix the arguments and call '${tool.name}' again.`;
  let error: ToolArgumentsError | undefined;
  return Promise.resolve<ReceivedToolResult>({
    id: info.id,
    name: info.name,
    content: truncateContent(content, settings.maxResultChars),
    isError: true,
    get error() {
      return (error ??= withoutStack(() => new ToolArgumentsError(tool.name, violations)));
    },
  });
}

/**
 * @returns an error result
 */
export function errorResult(info: CallInfo, error: unknown, content: string): ReceivedToolResult {
  return { id: info.id, name: info.name, content, isError: true, error };
}
