import type { Job } from 'bullmq';
import { readJobData } from '../job/long-running-job-data.js';
import type { LongRunningProgress } from '../worker/run-job.js';
import type { LongRunningCompletedUpdate, LongRunningFailedUpdate, LongRunningUpdateBase } from './long-running-update.js';

/**
 * Which run, call and tool a job belongs to.
 * @param job - the job, as BullMQ reads it
 * @returns the routing of its updates, or undefined when its data is not a long-running call's
 */
export function routingOf(job: Pick<Job, 'id' | 'data'>): LongRunningUpdateBase | undefined {
  const data = readJobData(job.data);
  if (typeof data === 'string' || job.id === undefined) return undefined;
  return { runId: data.runId, callId: data.callId, toolName: data.toolName, ticket: job.id };
}

/**
 * The update of a job that completed.
 * @param routing - the job's run, call and tool
 * @param returnValue - the job's return value (`{ content, value? }` from a long-running worker)
 * @returns the final update
 */
export function completedUpdate(routing: LongRunningUpdateBase, returnValue: unknown): LongRunningCompletedUpdate {
  const returned = (typeof returnValue === 'object' && returnValue !== null ? returnValue : {}) as { content?: unknown; value?: unknown };
  const content = typeof returned.content === 'string' ? returned.content : (JSON.stringify(returnValue) ?? '');
  return { ...routing, kind: 'completed', value: content, ...('value' in returned ? { result: returned.value } : {}), final: true };
}

/**
 * The update of a job that failed for good. A long-running worker's failure reason is already the
 * model's text (`Error: ...`); any other reason (BullMQ's own, e.g. a job stalled too often) is
 * told as the tool's failure.
 * @param routing - the job's run, call and tool
 * @param failedReason - the job's failure reason
 * @returns the final update
 */
export function failedUpdate(routing: LongRunningUpdateBase, failedReason: unknown): LongRunningFailedUpdate {
  const reason = typeof failedReason === 'string' && failedReason !== '' ? failedReason : 'unknown reason';
  const value = reason.startsWith('Error: ') ? reason : `Error: the job of tool '${routing.toolName}' failed: ${reason}`;
  return { ...routing, kind: 'failed', value, final: true };
}

/**
 * Reads the progress a job recorded.
 * @param data - the progress (`job.updateProgress`): `{ done, total?, message? }` from a long-running worker, or a number
 * @returns the progress, or undefined when it is neither
 */
export function progressOf(data: unknown): LongRunningProgress | undefined {
  if (typeof data === 'number') return { done: data };
  if (typeof data !== 'object' || data === null) return undefined;
  const { done, total, message } = data as Record<string, unknown>;
  if (typeof done !== 'number') return undefined;
  return { done, ...(typeof total === 'number' ? { total } : {}), ...(typeof message === 'string' ? { message } : {}) };
}
