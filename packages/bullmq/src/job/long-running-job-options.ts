import type { AnyTool } from '@toolcraft/core';
import type { JobsOptions } from 'bullmq';
import { LongRunningOptionsError } from '../errors/long-running-options-error.js';

/**
 * BullMQ job options a long-running tool may set for its jobs. The job id, attempts and backoff are
 * not among them: the id comes from the call's idempotency key, and attempts and backoff from the
 * tool's `retry` and `idempotent` options.
 */
export type LongRunningJobOptions = Pick<
  JobsOptions,
  'priority' | 'delay' | 'lifo' | 'removeOnComplete' | 'removeOnFail' | 'keepLogs' | 'stackTraceLimit' | 'sizeLimit'
>;

/** Options a long-running tool sets itself, with the reason given when one is passed. */
const ownOptions: Readonly<Record<string, string>> = {
  jobId: 'absent: the job id is derived from the call idempotency key',
  attempts: "absent: attempts follow the tool's retry option (idempotent tools only)",
  backoff: "absent: the backoff follows the tool's retry option (idempotent tools only)",
  repeat: 'absent: a call runs once',
  deduplication: 'absent: calls are deduplicated by their job id',
  parent: 'absent: a call is not part of a flow',
};

/**
 * The options of every job of a tool: the caller's job options, plus attempts and backoff from the
 * tool. An idempotent tool with `retry: { attempts, baseDelayMs }` gets `attempts` and an
 * exponential backoff from `baseDelayMs` with full jitter (what the environment does in process);
 * any other tool gets one attempt.
 * @param tool - the tool whose body the jobs run
 * @param jobOptions - the caller's options
 * @returns the job options (without the job id)
 * @throws LongRunningOptionsError for an option the tool sets itself, or one that removes finished
 *   jobs at once (their results could not be delivered, and a repeated call would run again)
 */
export function jobOptionsFor(tool: AnyTool, jobOptions: unknown): JobsOptions {
  if (jobOptions === undefined) return retryOptionsOf(tool);
  if (typeof jobOptions !== 'object' || jobOptions === null || Array.isArray(jobOptions))
    throw new LongRunningOptionsError('jobOptions', jobOptions, 'an object of BullMQ job options');
  const given = jobOptions as Record<string, unknown>;
  for (const [name, expected] of Object.entries(ownOptions)) {
    if (given[name] !== undefined) throw new LongRunningOptionsError(`jobOptions.${name}`, given[name], expected);
  }
  for (const name of ['removeOnComplete', 'removeOnFail']) {
    const value = given[name];
    if (value === true || value === 0)
      throw new LongRunningOptionsError(
        `jobOptions.${name}`,
        value,
        'false, a count or { age, count }: a job removed as soon as it ends leaves no result to deliver, and a repeated call (a resumed run) would run the tool again',
      );
  }
  return { ...(given as JobsOptions), ...retryOptionsOf(tool) };
}

function retryOptionsOf(tool: AnyTool): JobsOptions {
  const retry = tool.idempotent ? tool.retry : undefined;
  if (retry === undefined || retry.attempts <= 1) return { attempts: 1 };
  return { attempts: retry.attempts, backoff: { type: 'exponential', delay: retry.baseDelayMs, jitter: 1 } };
}
