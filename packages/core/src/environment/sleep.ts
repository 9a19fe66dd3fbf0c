import { untilAborted } from './bounded-await.js';

/**
 * Waits `ms` milliseconds, or less if the signal aborts.
 * @param ms - how long to wait
 * @param signal - cancels the wait
 * @returns a promise that resolves after the wait
 * @throws the signal's reason when it aborts
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, ms));
  });
  return untilAborted(waited, signal).finally(() => clearTimeout(timer));
}
