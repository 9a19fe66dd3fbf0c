import { AbortSource } from '../environment/abort-watchers.js';
import type { StreamCancel } from './streaming/stream-cancel.js';
import { scheduleDeadline, unscheduleDeadline, type TimedDeadline } from './deadline-timer.js';

const longestTimer = 2_147_483_647;

/**
 * The abort reason of a run that went over its `maxDurationMs`: a plain `Error` named
 * `RunDurationExceeded`, recognised by identity (it is never thrown to the caller, who sees `'max_duration'`).
 * @param maxDurationMs - the limit that was reached
 * @returns the reason
 */
function durationExceeded(maxDurationMs: number): Error {
  const reason = new Error(`The agent run exceeded its maxDurationMs of ${maxDurationMs} ms.`);
  reason.name = 'RunDurationExceeded';
  return reason;
}

/**
 * The cancellation of one agent run: the caller's signal combined with the run's time limit.
 * `signal` aborts when either fires; `stopReason` tells which one did first. The signal is made only
 * when someone reads it (a tool, model or hook that looks at it): the run's own checks read
 * `aborted`, and its waits watch the deadline itself (it is an {@link AbortSource}).
 */
export class RunDeadline extends AbortSource implements TimedDeadline {
  /** When the time limit is reached, in `Date.now()` time (Infinity without one). @internal */
  readonly endsAt: number;
  /** Its place in the shared timer's queue (`deadline-timer.ts`), -1 when not in it. @internal */
  timerSlot = -1;
  /** Its order in the shared timer's queue. @internal */
  timerOrder = 0;
  /** The shared timer's queue it waits in. @internal */
  timerQueue: unknown = undefined;
  private durationReason?: Error;
  private readonly callerSignal?: AbortSignal;
  private readonly maxDurationMs: number;
  private readonly stream?: StreamCancel;

  /**
   * @param maxDurationMs - the run's time limit (non-finite: none)
   * @param callerSignal - the caller's signal, if any
   * @param stream - a streamed run's cancellation (its reader stopped early): the deadline watches it
   *   (one watcher, no listener or signal), and aborts the run with its reason
   */
  constructor(maxDurationMs: number, callerSignal?: AbortSignal, stream?: StreamCancel) {
    // The run's waits (model calls, tool calls) share their watchers; the deadline is what aborts it, and tells them.
    super();
    this.maxDurationMs = maxDurationMs;
    this.endsAt = Number.isFinite(maxDurationMs) ? Date.now() + maxDurationMs : Number.POSITIVE_INFINITY;
    // One timer for every run's limit (not a timer each): see `deadline-timer.ts`.
    if (Number.isFinite(maxDurationMs) && maxDurationMs <= longestTimer) scheduleDeadline(this);
    if (stream !== undefined) {
      if (stream.aborted) {
        this.abort(stream.reason);
        return;
      }
      this.stream = stream;
      stream.watchers().add(this);
    }
    // Not AbortSignal.any: on Node 20 a long-lived caller signal keeps every run's combined signal alive.
    // The run listens itself and removes its listener in dispose().
    if (callerSignal === undefined) return;
    if (callerSignal.aborted) {
      this.abort(callerSignal.reason);
      return;
    }
    this.callerSignal = callerSignal;
    callerSignal.addEventListener('abort', this);
  }

  /** Why the run was cancelled: `'max_duration'` when the time limit fired first, else `'aborted'`. */
  get stopReason(): 'aborted' | 'max_duration' {
    return this.durationReason !== undefined && this.reason === this.durationReason ? 'max_duration' : 'aborted';
  }

  /** The time left before the limit, in ms (Infinity without one). */
  get remainingMs(): number {
    return Math.max(0, this.endsAt - Date.now());
  }

  /**
   * Aborts the run with the time-limit reason when its end time has passed, even if the timer
   * has not had its turn yet (a run whose model and tools never leave the microtask queue).
   * @returns true when the run is cancelled (by the caller or the time limit)
   */
  expireIfDue(): boolean {
    if (!this.aborted && Date.now() >= this.endsAt) this.expire();
    return this.aborted;
  }

  /** Takes the time limit out of the shared timer and removes the listener from the caller's signal; call it when the run ends. */
  dispose(): void {
    unscheduleDeadline(this);
    this.callerSignal?.removeEventListener('abort', this);
    this.stream?.watchers().delete(this);
  }

  /**
   * The stream's cancellation watcher: the run is aborted with its reason.
   * @param reason - why the stream was cancelled
   */
  onWatchedAbort(reason: unknown): void {
    this.abort(reason);
  }

  /** The caller's signal's abort listener: the run is aborted with the caller's reason. */
  handleEvent(): void {
    this.abort(this.callerSignal?.reason);
  }

  /**
   * Told by the shared timer that the time limit has come.
   * @internal
   */
  onDue(): void {
    this.expire();
  }

  /** The time limit passed: the run is aborted with the time-limit reason (unless it was already). */
  private expire(): void {
    if (this.aborted) return;
    this.abort((this.durationReason = durationExceeded(this.maxDurationMs)));
  }
}
