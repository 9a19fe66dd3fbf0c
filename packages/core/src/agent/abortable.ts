/* eslint-disable @typescript-eslint/prefer-promise-reject-errors -- the signal's reason and the work's own rejection are passed on as they are */
/**
 * Waits for a promise unless the signal aborts first; then rejects with the signal's reason
 * at once (the promise's own outcome is ignored). Lets the agent loop stop promptly even
 * when a model adapter does not honour its signal.
 * @param promise - the work to wait for
 * @param signal - aborts the wait
 * @returns the promise's value
 * @throws the signal's reason when it aborts first
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

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
  return abortable(waited, signal).finally(() => clearTimeout(timer));
}
