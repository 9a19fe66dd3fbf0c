import { AgentContext, type AgentEnvironment, type ToolProgress } from '@toolcraft/core';
import { isRetryableToolError } from '@toolcraft/core/internal';
import { type Job, UnrecoverableError } from 'bullmq';
import { LongRunningInDoubtError } from '../errors/long-running-in-doubt-error.js';
import { LongRunningJobError } from '../errors/long-running-job-error.js';
import { type LongRunningJobData, readJobData } from '../job/long-running-job-data.js';
import { jobResultOf, type LongRunningJobResult } from '../job/long-running-job-result.js';

/** The progress a worker records on a job (`job.updateProgress`) for each `context.reportProgress(done, total?, message?)`. */
export interface LongRunningProgress {
  /** How much is done, in the tool's own unit. */
  done: number;
  /** How much there is in all, when the tool knows. */
  total?: number;
  /** A short human-readable line. */
  message?: string;
}

/**
 * Runs one job's call through the environment, as the run itself would have run it: the call's id,
 * the run's id (so `context.idempotencyKey` is the job's key) and a context of the run's agent;
 * `context.reportProgress(...)` becomes `job.updateProgress(...)`. The environment starts no retry
 * of its own (BullMQ's attempts are the retries); a failure that may not be retried is thrown as
 * BullMQ's `UnrecoverableError`. A tool that is not idempotent is not run again after an attempt
 * that never ended (a dead worker): the job fails as in doubt.
 * @param environment - the worker's environment, with the original tools
 * @param job - the job
 * @param signal - aborted when the worker cancels the job
 * @returns the job's return value
 * @throws LongRunningJobError when the call failed and may be retried; `UnrecoverableError` (its cause a
 *   `LongRunningJobError` or `LongRunningInDoubtError`) when it may not
 */
export async function runJob(
  environment: AgentEnvironment,
  job: Job<LongRunningJobData, LongRunningJobResult, string>,
  signal: AbortSignal | undefined,
): Promise<LongRunningJobResult> {
  const ticket = job.id ?? '';
  const data = readJobData(job.data);
  if (typeof data === 'string')
    throw unrecoverable(new LongRunningJobError(job.name, ticket, `Error: job '${ticket}' cannot be run: ${data}.`, false));
  const tool = environment.registry.findTool(data.toolName);
  // attemptsStarted counts this attempt; every attempt before it that ended is in attemptsMade.
  if (tool !== undefined && !tool.idempotent && job.attemptsStarted > job.attemptsMade + 1)
    throw unrecoverable(new LongRunningInDoubtError(data.toolName, ticket));
  const context = new AgentContext({ runId: data.runId, agentName: data.agentName ?? job.queueName });
  const result = await environment.executeTool({ id: data.callId, name: data.toolName, arguments: data.arguments }, undefined, {
    runId: data.runId,
    agentContext: context,
    ...(signal !== undefined ? { signal } : {}),
    onProgress: (progress) => job.updateProgress(progressOf(progress)),
    // A deadline in the past: the environment starts no retry of its own; BullMQ's attempts are the retries.
    deadline: 0,
  });
  if (!result.isError) return jobResultOf(result);
  const retryable = tool !== undefined && tool.idempotent && tool.retry !== undefined && isRetryableToolError(result.error);
  const failure = new LongRunningJobError(data.toolName, ticket, result.content, retryable, result.error);
  throw retryable ? failure : unrecoverable(failure);
}

function progressOf({ done, total, message }: ToolProgress): LongRunningProgress {
  return { done, ...(total === undefined ? {} : { total }), ...(message === undefined ? {} : { message }) };
}

/** BullMQ's error for a failure with no further attempt: its message is the text for the model, the cause says why. */
function unrecoverable(cause: Error): UnrecoverableError {
  const error = new UnrecoverableError(cause.message);
  Object.defineProperty(error, 'cause', { value: cause, configurable: true, writable: true });
  return error;
}
