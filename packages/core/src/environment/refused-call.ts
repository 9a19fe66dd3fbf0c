import type { AnyTool } from '../tools/abstract-tool.js';
import type { ToolExecutionOptions } from './agent-environment-options.js';
import { callInfo } from './call-info.js';
import type { DispatchSettings } from './dispatch-settings.js';
import { failedSafely } from './error-results.js';
import { raisedByFramework } from './framework-raised.js';
import { notifyResult } from './notify-result.js';
import type { ReceivedToolResult, ToolCall } from './tool-call.js';

/**
 * Answers a call without running its tool, as the framework answers an unknown tool: an error result
 * telling `error` in full (whatever `errorDetail` says; it is the framework's own), cut at
 * `maxResultChars`, after the `failed` interceptors have seen it (within the call's limits), and
 * handed to the batch's `onResult` listener. Never rejects.
 * @param settings - the environment's settings
 * @param call - the call
 * @param tool - the tool called, when it is known
 * @param error - why the call is not run
 * @param options - the run's context, id, signal and listeners
 * @param index - the call's position in its batch, for `onResult`
 * @returns the result
 */
export function refusedCall(
  settings: DispatchSettings,
  call: ToolCall,
  tool: AnyTool | undefined,
  error: Error,
  options: ToolExecutionOptions,
  index: number,
): Promise<ReceivedToolResult> {
  const info = callInfo(call);
  if (options.runId !== undefined) info.runId = options.runId;
  const pending = failedSafely(settings, info, tool, raisedByFramework(error, info), options.signal);
  return options.onResult ? pending.then((result) => notifyResult(settings.pipeline, options, result, index)) : pending;
}
