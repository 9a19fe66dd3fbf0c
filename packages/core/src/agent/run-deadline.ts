const longestTimer = 2_147_483_647;

/** The abort reason of a run that went over its `maxDurationMs`. */
export class RunDurationExceeded extends Error {
  /** @param maxDurationMs - the limit that was reached */
  constructor(readonly maxDurationMs: number) {
    super(`The agent run exceeded its maxDurationMs of ${maxDurationMs} ms.`);
    this.name = 'RunDurationExceeded';
  }
}

/**
 * The cancellation of one agent run: the caller's signal combined with the run's time limit.
 * `signal` aborts when either fires; `stopReason` tells which one did first.
 */
export class RunDeadline {
  /** Aborts when the caller aborts or the time limit passes. */
  readonly signal: AbortSignal;
  private readonly timer?: ReturnType<typeof setTimeout>;
  private readonly endsAt: number;

  /**
   * @param maxDurationMs - the run's time limit (non-finite: none)
   * @param callerSignal - the caller's signal, if any
   */
  constructor(maxDurationMs: number, callerSignal?: AbortSignal) {
    const limit = new AbortController();
    this.endsAt = Number.isFinite(maxDurationMs) ? Date.now() + maxDurationMs : Number.POSITIVE_INFINITY;
    if (Number.isFinite(maxDurationMs) && maxDurationMs <= longestTimer) {
      this.timer = setTimeout(() => limit.abort(new RunDurationExceeded(maxDurationMs)), Math.max(0, maxDurationMs));
    }
    this.signal = callerSignal === undefined ? limit.signal : AbortSignal.any([callerSignal, limit.signal]);
  }

  /** Why the run was cancelled: `'max_duration'` when the time limit fired first, else `'aborted'`. */
  get stopReason(): 'aborted' | 'max_duration' {
    return this.signal.reason instanceof RunDurationExceeded ? 'max_duration' : 'aborted';
  }

  /** The time left before the limit, in ms (Infinity without one). */
  get remainingMs(): number {
    return Math.max(0, this.endsAt - Date.now());
  }

  /** Stops the timer; call it when the run ends. */
  dispose(): void {
    clearTimeout(this.timer);
  }
}
