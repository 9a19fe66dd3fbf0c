import { backoffDelay } from '../retry/backoff.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import type { ToolExecutionOptions } from './agent-environment-options.js';
import { isRetryableToolError } from './retryable-tool-error.js';
import { sleep } from './sleep.js';
import type { ReceivedToolResult } from './tool-call.js';

/** No wait between two attempts of a tool call is longer than this (30 s, as for model calls). */
export const maxToolRetryDelayMs = 30_000;

/**
 * Runs a call of a tool with `retry` again while it fails with a timeout or an error marked
 * `retryable: true` (on itself or its `cause`), at most `attempts` times in all, waiting the shared
 * backoff between attempts (a random delay in `[0, min(maxToolRetryDelayMs, baseDelayMs * 2 ** retry))`, full jitter). Each attempt has the call's
 * own time limit; no retry starts after the run's deadline (`options.deadline`) or once the run is cancelled.
 * @param tool - the tool (its `retry` is set)
 * @param options - the run's signal and deadline
 * @param attempt - runs the call once; never rejects
 * @returns the last attempt's result
 */
export async function withToolRetry(
  tool: AnyTool,
  options: ToolExecutionOptions,
  attempt: () => Promise<ReceivedToolResult>,
): Promise<ReceivedToolResult> {
  const retry = tool.retry!;
  let result = await attempt();
  for (let retries = 0; retries + 1 < retry.attempts && shouldRetry(result); retries++) {
    const delay = backoffDelay(retries, { baseDelayMs: retry.baseDelayMs, maxDelayMs: maxToolRetryDelayMs }, Math.random);
    if (options.signal?.aborted || (options.deadline !== undefined && Date.now() + delay >= options.deadline)) break;
    try {
      await (options.signal ? sleep(delay, options.signal) : new Promise((resolve) => setTimeout(resolve, delay)));
    } catch {
      break;
    }
    result = await attempt();
  }
  return result;
}

function shouldRetry(result: ReceivedToolResult): boolean {
  return result.isError && isRetryableToolError(result.error);
}
