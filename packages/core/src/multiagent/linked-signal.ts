/** A signal that aborts when either of two does, and the way to stop listening to them. */
export interface LinkedSignal {
  /** Aborts with the reason of whichever signal aborts first; undefined when neither was given. */
  readonly signal: AbortSignal | undefined;
  /** Removes the listeners from the two signals; call it once the work is done. */
  dispose(): void;
}

const nothingToDispose = (): void => {};

/**
 * Combines two optional signals. Not `AbortSignal.any`: on Node 20 a long-lived signal keeps every
 * combined signal made from it alive; these listeners are removed by `dispose`.
 * @param first - a signal, if any
 * @param second - another signal, if any
 * @returns the combined signal (one of the two when the other is absent)
 */
export function linkSignals(first: AbortSignal | undefined, second: AbortSignal | undefined): LinkedSignal {
  if (first === undefined || second === undefined || first === second) return { signal: first ?? second, dispose: nothingToDispose };
  const controller = new AbortController();
  const aborted = first.aborted ? first : second.aborted ? second : undefined;
  if (aborted !== undefined) {
    controller.abort(aborted.reason);
    return { signal: controller.signal, dispose: nothingToDispose };
  }
  const onFirst = (): void => controller.abort(first.reason);
  const onSecond = (): void => controller.abort(second.reason);
  first.addEventListener('abort', onFirst, { once: true });
  second.addEventListener('abort', onSecond, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      first.removeEventListener('abort', onFirst);
      second.removeEventListener('abort', onSecond);
    },
  };
}
