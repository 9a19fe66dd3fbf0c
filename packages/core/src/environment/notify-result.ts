import type { ToolExecutionOptions } from './agent-environment-options.js';
import type { ReceivedToolResult } from './tool-call.js';
import type { ToolPipeline } from './tool-pipeline.js';

/**
 * Tells the `onResult` listener of a batch's options one call's result; a listener that throws or
 * rejects is reported (feature `'onResult'`, stage `'completed'`) and the result is returned as it is.
 * @param pipeline - where a failing listener is reported
 * @param options - the batch's options
 * @param result - the call's result
 * @param index - the call's position in the batch
 * @returns the result
 */
export function notifyResult(
  pipeline: ToolPipeline,
  options: ToolExecutionOptions,
  result: ReceivedToolResult,
  index: number,
): ReceivedToolResult {
  const report = (error: unknown) => pipeline.report({ feature: 'onResult', stage: 'completed', callId: result.id, error });
  try {
    const returned = options.onResult?.(result, index);
    if (typeof (returned as PromiseLike<unknown> | undefined)?.then === 'function') Promise.resolve(returned).catch(report);
  } catch (error) {
    report(error);
  }
  return result;
}
