import { RunTimeLimitReachedError } from '../errors/run-time-limit-reached-error.js';

/**
 * Calls a callback of user code (a guardrail, a context provider) bounded by a time limit and the
 * run's signal: it gets its own signal, aborted when either fires, and the wait ends then whatever
 * the callback does (its late outcome is ignored, a late rejection handled).
 * @param callback - the user code, given its signal
 * @param runSignal - the run's signal
 * @param ownLimitMs - the callback's own time limit (non-finite: none)
 * @param remainingMs - the run's time left: the wait ends then too, with a `RunTimeLimitReachedError`
 * @param timedOut - the error of a callback that passed its own limit
 * @returns what the callback returned
 * @throws what it threw, the run signal's reason, `timedOut()`, or a `RunTimeLimitReachedError`
 * @internal
 */
export async function callBounded<T>(
  callback: (signal: AbortSignal) => T | Promise<T>,
  runSignal: AbortSignal,
  ownLimitMs: number,
  remainingMs: number,
  timedOut: (limitMs: number) => Error,
): Promise<T> {
  const limitMs = Math.min(ownLimitMs, remainingMs);
  const runsOut = remainingMs <= ownLimitMs;
  const controller = new AbortController();
  const onRunAbort = () => controller.abort(runSignal.reason);
  if (runSignal.aborted) controller.abort(runSignal.reason);
  else runSignal.addEventListener('abort', onRunAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  try {
    const pending = Promise.resolve().then(() => callback(controller.signal));
    pending.catch(() => undefined);
    const bound = new Promise<never>((_, reject) => {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the run signal's reason (or the time-out error), as it is
      onAbort = () => reject(controller.signal.reason);
      if (controller.signal.aborted) onAbort();
      else controller.signal.addEventListener('abort', onAbort, { once: true });
      if (Number.isFinite(limitMs))
        timer = setTimeout(() => controller.abort(runsOut ? new RunTimeLimitReachedError() : timedOut(limitMs)), Math.max(0, limitMs));
    });
    return await Promise.race([pending, bound]);
  } finally {
    clearTimeout(timer);
    runSignal.removeEventListener('abort', onRunAbort);
    if (onAbort !== undefined) controller.signal.removeEventListener('abort', onAbort);
  }
}
