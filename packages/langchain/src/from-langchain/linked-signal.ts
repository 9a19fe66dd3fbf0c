/** A signal that aborts when any of several does, and a way to stop listening to them. */
export interface LinkedSignal {
  /** Aborts with the reason of the first of the signals to abort. */
  readonly signal: AbortSignal;
  /** Removes the listeners from the signals (call it when the call ends: a long-lived signal keeps nothing). */
  dispose(): void;
}

/**
 * Links a call's signal to the signal of the configured LangChain config (which may live as long as
 * the app: its listener is removed when the call ends, unlike `AbortSignal.any`'s dependents).
 * @param signals - the signals
 * @returns the linked signal
 */
export function linkedSignal(signals: readonly AbortSignal[]): LinkedSignal {
  const controller = new AbortController();
  const listeners: Array<[AbortSignal, () => void]> = [];
  const dispose = () => {
    for (const [signal, listener] of listeners) signal.removeEventListener('abort', listener);
    listeners.length = 0;
  };
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    const listener = () => {
      controller.abort(signal.reason);
      dispose();
    };
    signal.addEventListener('abort', listener, { once: true });
    listeners.push([signal, listener]);
  }
  if (controller.signal.aborted) dispose();
  return { signal: controller.signal, dispose };
}
