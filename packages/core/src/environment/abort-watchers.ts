/**
 * Called with the signal's reason when the signal it watches aborts (a function, or an object whose
 * `onWatchedAbort` is called: a wait that is an object already needs no closure).
 * @internal
 */
export type AbortWatcher = ((reason: unknown) => void) | { onWatchedAbort(reason: unknown): void };

/**
 * The watchers of one shared signal, in the order they were added. The oldest is kept in a field of
 * its own, the others in a list made when there are two at once: the waits of a run are mostly one
 * after another, and an array that empties and fills again (a `Set` too) reallocates its store each time.
 * @internal
 */
export class AbortWatchers {
  /** The oldest watcher, when the list holds none older (never set while the list holds some). */
  private first: AbortWatcher | undefined;
  private list: AbortWatcher[] | undefined;

  /** @param watcher - told the reason when the signal aborts */
  add(watcher: AbortWatcher): void {
    const { list } = this;
    if (this.first === undefined && (list === undefined || list.length === 0)) this.first = watcher;
    else if (list === undefined) this.list = [watcher];
    else list.push(watcher);
  }

  /** @param watcher - a watcher added before (its wait ended); nothing happens when it is not there */
  delete(watcher: AbortWatcher): void {
    const { list } = this;
    if (list !== undefined) {
      const index = list.lastIndexOf(watcher);
      if (index !== -1) {
        for (let next = index + 1; next < list.length; next++) list[next - 1] = list[next]!;
        list.pop();
        return;
      }
    }
    if (this.first === watcher) this.first = undefined;
  }

  /**
   * Tells every watcher, in order, and forgets them (one added meanwhile is not told).
   * @param reason - the abort reason
   */
  notify(reason: unknown): void {
    const { first } = this;
    const watchers = this.list?.splice(0);
    this.first = undefined;
    if (first !== undefined) tell(first, reason);
    if (watchers !== undefined) for (const watcher of watchers) tell(watcher, reason);
  }
}

function tell(watcher: AbortWatcher, reason: unknown): void {
  if (typeof watcher === 'function') watcher(reason);
  else watcher.onWatchedAbort(reason);
}

/**
 * The watchers of each signal that shares them (the signal of an {@link AbortSource}, made for one run):
 * the waits on it (`untilAborted`, `CallGuard`) add a watcher to a list instead of an `abort` listener
 * each, and the signal is aborted only through {@link abortSharing}, which tells them. Signals the
 * caller owns are never shared: their listeners are removed as soon as the wait ends.
 */
const watchersOf = new WeakMap<AbortSignal, AbortWatchers>();

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
 * The cancellation of something the framework runs (a run, through its `RunDeadline`) whose
 * `AbortSignal` is made only when someone reads {@link AbortSource.signal}: the framework's own
 * waits (`untilAborted`, `CallGuard`) watch the source itself, so a run whose signal nobody reads
 * (a model and tools that never look at it) makes no `AbortController`. Once made, the signal shares
 * the source's watchers (one list for the source and its signal: a wait on either is told); a signal read after the abort is already
 * aborted, with the same reason. Reached through `untilAborted` in `@toolcraft/core/internal`, so
 * never tagged internal in TSDoc: stripInternal would drop its declaration.
 */
export class AbortSource {
  private controller: AbortController | undefined;
  private isAborted = false;
  private abortReason: unknown;
  private list: AbortWatchers | undefined;

  /** Whether it has aborted. */
  get aborted(): boolean {
    const { controller } = this;
    return controller === undefined ? this.isAborted : controller.signal.aborted;
  }

  /** Why it aborted (undefined before). */
  get reason(): unknown {
    const { controller } = this;
    return controller === undefined ? this.abortReason : (controller.signal.reason as unknown);
  }

  /** Its signal, made at the first read (aborted already when the source is). */
  get signal(): AbortSignal {
    let { controller } = this;
    if (controller === undefined) {
      controller = this.controller = new AbortController();
      if (this.isAborted) controller.abort(this.abortReason);
      else watchersOf.set(controller.signal, (this.list ??= new AbortWatchers()));
    }
    return controller.signal;
  }

  /**
   * The watchers of its waits, told (after the signal's listeners, when there is a signal) when it
   * aborts. A watcher added once it has aborted is never told: check `aborted` first.
   * @returns them
   * @internal
   */
  watchers(): AbortWatchers {
    return (this.list ??= new AbortWatchers());
  }

  /**
   * Aborts it (nothing happens when it has aborted already).
   * @param reason - the reason (a missing one becomes an `AbortError`, as with `AbortController.abort()`)
   */
  protected abort(reason: unknown): void {
    if (this.aborted) return;
    const { controller } = this;
    if (controller !== undefined) {
      abortSharing(controller, reason);
      return;
    }
    this.isAborted = true;
    this.abortReason = reason === undefined ? new DOMException('This operation was aborted', 'AbortError') : reason;
    this.list?.notify(this.abortReason);
  }
}

/** A signal, or a source whose signal is made when read (not tagged internal: see {@link AbortSource}). */
export type Abortable = AbortSignal | AbortSource;

/**
 * @param abortable - a signal or a source
 * @returns the watchers its waits share (a source's, or a shared signal's), or undefined for a signal with a listener per wait
 * @internal
 */
export function watchersFor(abortable: Abortable): AbortWatchers | undefined {
  return abortable instanceof AbortSource ? abortable.watchers() : watchersOf.get(abortable);
}

/**
 * Where options made by {@link withLazySignal} keep their source: a symbol-keyed property (a plain
 * property add, which costs next to nothing; `defineProperty` of a hidden one costs as much as the
 * accessor). Writing `signal` clears it, so it never names a source the signal is not from.
 */
const sourceKey = Symbol('toolcraft.abortSource');

/**
 * The key under which options made by {@link withLazySignal} keep their source: options built with it
 * in their literal (`{ ..., [lazySignalSource]: source }`) get the accessor without a field added (a field
 * added to a literal allocates a second store for it).
 * @internal
 */
export const lazySignalSource: typeof sourceKey = sourceKey;

type Sourced = { [sourceKey]?: AbortSource | undefined; signal?: AbortSignal };

/** The accessor of a lazy `signal`: the source's signal, made when read; a write replaces it with a plain value. */
const lazySignalProperty: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: Sourced): AbortSignal | undefined {
    return this[sourceKey]?.signal;
  },
  set(this: Sourced, value: AbortSignal | undefined) {
    this[sourceKey] = undefined;
    Object.defineProperty(this, 'signal', { value, writable: true, enumerable: true, configurable: true });
  },
};

/**
 * Gives options (a model request, a batch's execution options) a `signal` that is the source's,
 * made only when someone reads it: an own, enumerable accessor, so a copy of the options (a spread)
 * has the signal as a plain value; writing `signal` replaces it. The framework's own waits find the
 * source through {@link abortOf} and watch it without making the signal.
 * @param options - the options (without a `signal` of their own)
 * @param source - the source (a run's deadline)
 * @returns the options
 * @internal
 */
export function withLazySignal<T extends object>(options: T, source: AbortSource): T & { signal: AbortSignal } {
  if ((options as Sourced)[sourceKey] !== source) (options as Sourced)[sourceKey] = source;
  Object.defineProperty(options, 'signal', lazySignalProperty);
  return options as T & { signal: AbortSignal };
}

/**
 * @param options - options with a signal, perhaps made by {@link withLazySignal}
 * @returns what their waits should watch: their lazy signal's source (its signal not made), else their signal
 * @internal
 */
export function abortOf(options: { signal?: AbortSignal }): Abortable | undefined {
  return (options as Sourced)[sourceKey] ?? options.signal;
}
