import { type ArgumentViolation, describeViolations, ToolArgumentsError } from '../errors/tool-arguments-error.js';
import { describeThrownValue } from '../errors/describe-thrown-value.js';
import { pausesRun } from '../errors/pauses-run.js';
import { withoutStack } from '../errors/without-stack.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import type { CallInfo, DispatchSettings } from './dispatch-settings.js';
import { CallGuard } from './bounded-await.js';
import { describeToolError } from './error-detail.js';
import { isRaisedByFramework, raisedByFramework } from './framework-raised.js';
import { InvalidArgumentsResult } from './invalid-arguments-result.js';
import type { ReceivedToolResult } from './tool-call.js';
import { truncateContent } from './truncate-content.js';

/**
 * The error result of a failed call, after the `failed` then the `ended` interceptors (if any) have seen it, awaited
 * through the call's guard: one still pending when the call stops is reported and abandoned, and
 * the result is returned; when the call has already stopped, they are not awaited at all.
 * @param settings - the environment's settings
 * @param info - the call
 * @param tool - the tool, when the name was known
 * @param error - what failed
 * @param guard - the call's guard, or (when the call has none yet) the run's signal: a guard of the
 *   call's limits is then made for the interceptors
 * @returns the result, with the original error on it
 */
export function failedResult(
  settings: DispatchSettings,
  info: CallInfo,
  tool: AnyTool | undefined,
  error: unknown,
  guard?: CallGuard | AbortSignal,
): Promise<ReceivedToolResult> {
  // A call that waits for the host did not fail: no failure hooks see it.
  if (pausesRun(error)) return Promise.resolve(pausedResult(info, error, settings.maxResultChars));
  const content =
    isRaisedByFramework(error, info) && ToolArgumentsError.isInstance(error)
      ? `Error: ${error.message}\nFix the arguments and call '${error.toolName}' again.`
      : describeToolError(info.name, error, settings.errorDetail, info);
  const result = errorResult(info, error, truncateContent(content, settings.maxResultChars));
  const { pipeline } = settings;
  if (pipeline.failed.length + pipeline.ended.length === 0) return Promise.resolve(result);
  const event = { call: info, ...(tool ? { tool } : {}), error, result, ...(info.runId === undefined ? {} : { runId: info.runId }) };
  return withGuard(settings, info, tool, guard, async (callGuard) => {
    // A handler still pending when the call stops is reported and abandoned; the result stands (and
    // the `ended` handlers are then called without being awaited).
    await pipeline.run('failed', pipeline.failed, info.id, event, callGuard).catch(ignore);
    if (pipeline.ended.length > 0) {
      const { error: _error, ...ended } = event;
      await pipeline.run('ended', pipeline.ended, info.id, ended, callGuard).catch(ignore);
    }
    return result;
  });
}

/**
 * Runs interceptors of a call that failed before its tool ran under a guard of the call's limits,
 * made here (and disposed) when the caller has none.
 */
function withGuard<T>(
  settings: DispatchSettings,
  info: CallInfo,
  tool: AnyTool | undefined,
  guard: CallGuard | AbortSignal | undefined,
  run: (guard: CallGuard | undefined) => Promise<T>,
): Promise<T> {
  if (guard instanceof CallGuard) return run(guard);
  const timeoutMs = tool?.timeoutMs ?? settings.toolTimeoutMs;
  const signal = guard;
  if (!CallGuard.needed(timeoutMs, settings.signal, signal)) return run(undefined);
  const own = new CallGuard(info, tool?.name ?? info.name, timeoutMs, settings.signal, signal);
  return run(own).finally(() => own.dispose());
}

/**
 * The last resort for an unexpected throw: an error result, whatever else fails.
 * @param settings - the environment's settings
 * @param info - the call
 * @param tool - the tool, when the name was known
 * @param error - what failed
 * @param guard - the call's guard, or the run's signal
 * @returns the result
 */
export function failedSafely(
  settings: DispatchSettings,
  info: CallInfo,
  tool: AnyTool | undefined,
  error: unknown,
  guard?: CallGuard | AbortSignal,
): Promise<ReceivedToolResult> {
  const fallback = () => errorResult(info, error, describeToolError(info.name, error, settings.errorDetail, info));
  try {
    return failedResult(settings, info, tool, error, guard).catch(fallback);
  } catch {
    return Promise.resolve(fallback());
  }
}

/**
 * Answers arguments that failed to decode. The model's text is written from the violations; the
 * `ToolArgumentsError` for the host is built when first read, or at once when interceptors need it
 * (its interceptors are awaited within the call's limits).
 * @param settings - the environment's settings
 * @param info - the call
 * @param tool - the tool
 * @param violations - what failed to decode
 * @param runSignal - the run's signal, if any
 * @param thrown - what the tool's own validator threw, if it threw: user code, told as `errorDetail` says
 * @returns the result
 */
export function invalidArgumentsResult(
  settings: DispatchSettings,
  info: CallInfo,
  tool: AnyTool,
  violations: ArgumentViolation[],
  runSignal: AbortSignal | undefined,
  thrown?: unknown,
): Promise<ReceivedToolResult> {
  if (thrown !== undefined && settings.errorDetail !== 'generic') violations = withThrown(violations, thrown, settings.errorDetail);
  const { pipeline } = settings;
  if (pipeline.validationFailed.length + pipeline.failed.length + pipeline.ended.length > 0) {
    const error = raisedByFramework(
      withoutStack(() => new ToolArgumentsError(tool.name, violations)),
      info,
    );
    return withGuard(settings, info, tool, runSignal, (guard) =>
      pipeline.run('validationFailed', pipeline.validationFailed, info.id, { call: info, tool, error }, guard).then(
        () => failedResult(settings, info, tool, error, guard),
        () => failedResult(settings, info, tool, error, guard),
      ),
    );
  }
  const content = `Error: ${describeViolations(tool.name, violations)}\nFix the arguments and call '${tool.name}' again.`;
  return Promise.resolve(new InvalidArgumentsResult(info, tool.name, violations, truncateContent(content, settings.maxResultChars)));
}

/**
 * The answer of a call that waits for the host (see `ReceivedToolResult.paused`).
 * @param info - the call
 * @param error - the request it made (a credential, a paused sub-run)
 * @param maxChars - the environment's result bound
 * @returns the result, `paused: true`
 */
function pausedResult(info: CallInfo, error: unknown, maxChars: number | undefined): ReceivedToolResult {
  const content = truncateContent(`Error: the call waits for the host: ${describeThrownValue(error)}`, maxChars);
  return { id: info.id, name: info.name, content, isError: true, error, paused: true };
}

/**
 * @param info - the call
 * @param error - what failed
 * @param content - what the model is told
 * @returns an error result (naming the features that replaced the call's arguments, if any did)
 */
export function errorResult(info: CallInfo, error: unknown, content: string): ReceivedToolResult {
  const result: ReceivedToolResult = { id: info.id, name: info.name, content, isError: true, error };
  if (info.argumentsReplacedBy !== undefined) result.argumentsReplacedBy = info.argumentsReplacedBy.slice();
  return result;
}

/**
 * The violations of a validator that threw, its thrown value told (under `'generic'` the decoder's
 * words, that the validator threw, are all the model gets: callers do not call this then).
 * @param violations - the decoder's violations
 * @param thrown - what the validator threw
 * @param detail - how much of it to tell
 * @returns the violations, the validator's one telling what it threw
 */
export function withThrown(violations: ArgumentViolation[], thrown: unknown, detail: 'message' | 'full'): ArgumentViolation[] {
  const told = describeThrownValue(thrown, { detail: detail === 'full' ? 'full' : 'message' });
  return violations.map((violation) =>
    violation.constraint === 'validator' ? { ...violation, message: `arguments: the argument validator threw: ${told}` } : violation,
  );
}

function ignore(): void {}
