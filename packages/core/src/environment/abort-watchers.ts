/**
 * Called with the signal's reason when the signal it watches aborts.
 * @internal
 */
export type AbortWatcher = (reason: unknown) => void;

/**
 * The watchers of one shared signal, in the order they were added. A list, not a `Set`: a set that
 * empties and fills again (one wait after another, the common case) reallocates its table each time.
 * @internal
 */
export class AbortWatchers {
  private readonly list: AbortWatcher[] = [];

  /** @param watcher - told the reason when the signal aborts */
  add(watcher: AbortWatcher): void {
    this.list.push(watcher);
  }

  /** @param watcher - a watcher added before (its wait ended); nothing happens when it is not there */
  delete(watcher: AbortWatcher): void {
    const { list } = this;
    const index = list.lastIndexOf(watcher);
    if (index === -1) return;
    for (let next = index + 1; next < list.length; next++) list[next - 1] = list[next]!;
    list.pop();
  }

  /**
   * Tells every watcher, in order, and forgets them.
   * @param reason - the abort reason
   */
  notify(reason: unknown): void {
    const watchers = this.list.splice(0);
    for (const watcher of watchers) watcher(reason);
  }
}

/** The watchers of each signal that shares them (signals the framework made for one run). */
const watchersOf = new WeakMap<AbortSignal, AbortWatchers>();

/**
 * Makes the waits on a signal the framework owns (a run's signal, dropped when the run ends) share
 * one set of watchers (`untilAborted`, `CallGuard`, through {@link sharedWatchers}) instead of an
 * `abort` listener each: adding and removing a watcher is then a `Set` operation, not an
 * `EventTarget` listener, which a run would otherwise pay for each model call and tool call it
 * bounds. The signal must be aborted only through {@link abortSharing}, which tells the watchers (so
 * the signal needs no listener either). Signals the caller owns are never shared: their listeners
 * are removed as soon as the wait ends.
 * @param signal - the signal of a controller the framework made for one run
 * @internal
 */
export function shareWatchers(signal: AbortSignal): void {
  if (signal.aborted || watchersOf.has(signal)) return;
  watchersOf.set(signal, new AbortWatchers());
}

/**
 * Aborts the controller of a signal whose waits share their watchers, then tells every watcher
 * (after the signal's own listeners); later waits on it reject at once.
 * @param controller - the controller
 * @param reason - the abort reason
 * @internal
 */
export function abortSharing(controller: AbortController, reason: unknown): void {
  const { signal } = controller;
  const watchers = watchersOf.get(signal);
  watchersOf.delete(signal);
  controller.abort(reason);
  watchers?.notify(signal.reason);
}

/**
 * The watchers of a signal that shares them, if it does.
 * @param signal - the signal
 * @returns its watchers, or undefined for a signal with a listener per watcher
 * @internal
 */
export function sharedWatchers(signal: AbortSignal): AbortWatchers | undefined {
  return watchersOf.get(signal);
}
