/**
 * @toolcraft/bullmq: long-running toolcraft tools whose bodies run as BullMQ jobs, in worker
 * processes, with their progress, completion and failure delivered back to their runs.
 * @packageDocumentation
 */
export { BullMQLongRunning } from './bullmq-long-running.js';
export type { BullMQLongRunningOptions, LongRunningTicket } from './bullmq-long-running.js';
export type { LongRunningQueueOptions } from './queue/long-running-queue-options.js';
export type { LongRunningJobOptions } from './job/long-running-job-options.js';
export type { LongRunningJobData } from './job/long-running-job-data.js';
export type { LongRunningJobResult } from './job/long-running-job-result.js';
export { longRunningJobId } from './job/long-running-job-id.js';
export { createLongRunningWorker, LongRunningWorker } from './worker/long-running-worker.js';
export type { LongRunningBullMQWorkerOptions, LongRunningWorkerOptions } from './worker/long-running-worker.js';
export type { LongRunningProgress } from './worker/run-job.js';
export { LongRunningUpdates } from './updates/long-running-updates.js';
export type { LongRunningUpdatesOptions } from './updates/long-running-updates.js';
export type {
  LongRunningCompletedUpdate,
  LongRunningFailedUpdate,
  LongRunningProgressUpdate,
  LongRunningUpdate,
  LongRunningUpdateBase,
  LongRunningUpdateListener,
} from './updates/long-running-update.js';
export { LongRunningResumer, resumeOnCompletion } from './resume/long-running-resumer.js';
export type { ResumeOnCompletionOptions } from './resume/long-running-resumer.js';
export { LongRunningCallError } from './errors/long-running-call-error.js';
export { LongRunningEnqueueError } from './errors/long-running-enqueue-error.js';
export { LongRunningInDoubtError } from './errors/long-running-in-doubt-error.js';
export { LongRunningJobError } from './errors/long-running-job-error.js';
export { LongRunningOptionsError } from './errors/long-running-options-error.js';
export { LongRunningConflictError } from './errors/long-running-conflict-error.js';
export { LongRunningResumeError } from './errors/long-running-resume-error.js';
export { LongRunningResumerClosedError } from './errors/long-running-resumer-closed-error.js';
export { LongRunningUpdateError } from './errors/long-running-update-error.js';
