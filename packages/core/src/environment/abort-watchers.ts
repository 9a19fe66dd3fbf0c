/**
 * Called with the signal's reason when the signal it watches aborts.
 * @internal
 */
export type AbortWatcher = (reason: unknown) => void;

/** The watchers of each signal that shares one listener (signals the framework made for one run). */
const watchersOf = new WeakMap<AbortSignal, Set<AbortWatcher>>();

/**
 * Gives a signal the framework owns (a run's signal, dropped when the run ends) one `abort` listener
 * that every wait on it shares (`untilAborted`, `CallGuard`, through {@link sharedWatchers}): adding
 * and removing a watcher is then a `Set` operation, not an `EventTarget` listener, which a run would
 * otherwise pay for each model call and tool call it bounds. Signals the caller owns are never
 * shared: their listeners are removed as soon as the wait ends.
 * @param signal - a signal the framework made for one run
 * @internal
 */
export function shareAbortListener(signal: AbortSignal): void {
  if (signal.aborted || watchersOf.has(signal)) return;
  const watchers = new Set<AbortWatcher>();
  watchersOf.set(signal, watchers);
  signal.addEventListener(
    'abort',
    () => {
      watchersOf.delete(signal);
      for (const watcher of Array.from(watchers)) watcher(signal.reason);
      watchers.clear();
    },
    { once: true },
  );
}

/**
 * The watchers of a signal that shares its listener, if it does.
 * @param signal - the signal
 * @returns its watchers, or undefined for a signal with a listener per watcher
 * @internal
 */
export function sharedWatchers(signal: AbortSignal): Set<AbortWatcher> | undefined {
  return watchersOf.get(signal);
}
