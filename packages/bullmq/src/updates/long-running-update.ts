import type { LongRunningProgress } from '../worker/run-job.js';

/** What every update of a long-running call names: the run and call it belongs to, the tool and the job. */
export interface LongRunningUpdateBase {
  /** The run that made the call. */
  runId: string;
  /** The call's id in that run (what `state.update(callId, ...)` takes). */
  callId: string;
  /** The tool called. */
  toolName: string;
  /** The job's id, as the call's first result gave it. */
  ticket: string;
}

/** A progress report of the call's tool (`context.reportProgress` in the worker); more may follow. */
export interface LongRunningProgressUpdate extends LongRunningUpdateBase {
  /** A progress report. */
  kind: 'progress';
  /** The progress, as the tool reported it. */
  value: LongRunningProgress;
  /** Always false: the call goes on. */
  final: false;
}

/** The call's tool returned: its result is final. */
export interface LongRunningCompletedUpdate extends LongRunningUpdateBase {
  /** The tool returned. */
  kind: 'completed';
  /** The text the model is to read: the tool's result as its formatter gives it. */
  value: string;
  /** The tool's return value as JSON, when it survives JSON. */
  result?: unknown;
  /** Always true. */
  final: true;
}

/** The call failed for good (after every attempt its retry allowed, or in doubt): the failure is final. */
export interface LongRunningFailedUpdate extends LongRunningUpdateBase {
  /** The call failed for good. */
  kind: 'failed';
  /** The text the model is to read, `Error: ...` (as a failed call in a run would give it). */
  value: string;
  /** Always true. */
  final: true;
}

/**
 * One update of a long-running call, to deliver to its run: `state.update(update.callId,
 * update.value, { final: update.final })`.
 */
export type LongRunningUpdate = LongRunningProgressUpdate | LongRunningCompletedUpdate | LongRunningFailedUpdate;

/** Receives the updates of a queue's calls; a returned promise is awaited before the next update of the same call. */
export type LongRunningUpdateListener = (update: LongRunningUpdate) => unknown;
