/* eslint-disable @typescript-eslint/prefer-promise-reject-errors -- user code's own rejections are passed on as they are */
import { ToolCancelledError } from '../errors/tool-cancelled-error.js';
import { ToolTimeoutError } from '../errors/tool-timeout-error.js';
import { raisedByFramework } from './framework-raised.js';
import { watchersFor, type Abortable } from './abort-watchers.js';
import { withResolvers } from './with-resolvers.js';

/** The longest delay `setTimeout` honours; a longer (or infinite) time limit means none. */
const longestTimer = 2_147_483_647;

/** What feature handlers are awaited through: a call's {@link CallGuard}, or a run's guard for agent-level hooks. */
export interface HandlerGuard {
  /** Whether the call or run has stopped (its handlers are then called but not awaited). */
  readonly stopped: boolean;
  /** Waits for a handler's promise unless the call or run stops first (then rejects with its stop error). */
  race<T>(value: T | PromiseLike<T>): Promise<T>;
  /** Whether a caught value is this guard's stop error. */
  isStop(error: unknown): boolean;
}

/**
 * The one place that bounds an await on user code for one call: the tool, its metadata providers,
 * interceptors and formatters are all awaited through {@link CallGuard.race}, which settles at the
 * call's time limit or when the environment's or the run's signal aborts, whichever comes first.
 * Then the call's own signal (the one tools see) is aborted with a {@link ToolTimeoutError} or
 * {@link ToolCancelledError}. The guard listens to the outer signals directly (no `AbortSignal.any`,
 * which retains dependents of a long-lived signal) and removes its listeners in {@link CallGuard.dispose}.
 */
export class CallGuard implements HandlerGuard {
  /** Made only when someone reads `signal` (tools that see metadata or a context): plain tools pay nothing for it. */
  private controller: AbortController | undefined;
  private stopError: Error | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waiting: ((reason: unknown) => void) | undefined;

  /**
   * @param call - the call guarded (its stop errors are marked as raised by the framework for it)
   * @param toolName - for the timeout and cancellation messages
   * @param timeoutMs - the call's time limit, or undefined for none
   * @param environmentSignal - the environment's signal, if any
   * @param runSignal - the run's or batch's signal (or the run's deadline, whose signal it need not make), if any
   */
  constructor(
    private readonly call: object,
    private readonly toolName: string,
    timeoutMs: number | undefined,
    private readonly environmentSignal: AbortSignal | undefined,
    private readonly runSignal: Abortable | undefined,
  ) {
    if (runSignal === environmentSignal) this.runSignal = undefined;
    if (!this.listen(environmentSignal) || !this.listen(this.runSignal)) return;
    if (timeoutMs !== undefined && timeoutMs <= longestTimer) {
      this.timer = setTimeout(() => this.stop(raisedByFramework(new ToolTimeoutError(this.toolName, timeoutMs), this.call)), timeoutMs);
    }
  }

  /**
   * Whether a call with these limits needs a guard at all (the fast path has none).
   * @param timeoutMs - the call's time limit
   * @param environmentSignal - the environment's signal
   * @param runSignal - the run's signal
   * @returns false when there is nothing to bound by
   */
  static needed(timeoutMs: number | undefined, environmentSignal: AbortSignal | undefined, runSignal: Abortable | undefined): boolean {
    return (timeoutMs !== undefined && timeoutMs <= longestTimer) || environmentSignal !== undefined || runSignal !== undefined;
  }

  /** The call's signal, given to the tool: aborted at the time limit or on cancellation. */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.stopError !== undefined) this.controller.abort(this.stopError);
    }
    return this.controller.signal;
  }

  /** Whether the call's time is up or it was cancelled. */
  get stopped(): boolean {
    return this.stopError !== undefined;
  }

  /** The error that stopped the call (a framework-raised timeout or cancellation), once stopped. */
  get reason(): Error | undefined {
    return this.stopError;
  }

  /**
   * @param error - a caught value
   * @returns whether it is this guard's stop (the call ran out of time or was cancelled)
   */
  isStop(error: unknown): boolean {
    return this.stopped && error === this.reason;
  }

  /**
   * Waits for a value user code returned, unless the call stops first; then rejects with the stop
   * error at once. The user's promise always gets a handler, so its late rejection is never unhandled.
   * @param value - what user code returned (a value or a promise)
   * @returns the settled value
   * @throws the user's rejection, or the stop error when the call stops first
   */
  race<T>(value: T | PromiseLike<T>): Promise<T> {
    const pending = Promise.resolve(value);
    if (this.stopped) {
      pending.catch(ignore);
      return Promise.reject(this.reason);
    }
    const { promise, resolve, reject } = withResolvers<T>();
    // A stop after the value settled rejects a settled promise: nothing happens. The next race (or
    // dispose) replaces `waiting`, so the settle functions need no wrapper to clear it.
    this.waiting = reject;
    pending.then(resolve, reject);
    return promise;
  }

  /** Stops the timer and removes the listeners from the outer signals; call it when the call ends. */
  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting = undefined;
    this.forget(this.environmentSignal);
    this.forget(this.runSignal);
  }

  /**
   * The outer signals' abort listener.
   * @param event - the abort event
   */
  handleEvent(event: Event): void {
    this.stop(raisedByFramework(new ToolCancelledError(this.toolName, (event.target as AbortSignal | null)?.reason), this.call));
  }

  private forget(signal: Abortable | undefined): void {
    if (signal === undefined) return;
    const shared = watchersFor(signal);
    if (shared === undefined) (signal as AbortSignal).removeEventListener('abort', this);
    else shared.delete(this);
  }

  /** Listens to an outer signal; stops at once (and returns false) when it has already aborted. */
  private listen(signal: Abortable | undefined): boolean {
    if (signal === undefined) return true;
    if (signal.aborted) {
      this.stop(raisedByFramework(new ToolCancelledError(this.toolName, signal.reason), this.call));
      return false;
    }
    const shared = watchersFor(signal);
    if (shared === undefined) (signal as AbortSignal).addEventListener('abort', this);
    else shared.add(this);
    return true;
  }

  /**
   * Told by a run's signal (or deadline) whose waits share their watchers that it aborted: the call is cancelled.
   * @param reason - the abort reason
   */
  onWatchedAbort(reason: unknown): void {
    this.stop(raisedByFramework(new ToolCancelledError(this.toolName, reason), this.call));
  }

  private stop(error: Error): void {
    if (this.stopError !== undefined) return;
    this.stopError = error;
    this.controller?.abort(error);
    const waiting = this.waiting;
    this.dispose();
    waiting?.(error);
  }
}

/**
 * Waits for a promise unless the signal aborts first; then rejects with the signal's reason at once
 * (the promise's own outcome is ignored, and its late rejection handled). The agent loop waits for
 * the model this way, so it stops promptly even when a model adapter does not honour its signal.
 * The listener is removed as soon as either side settles.
 * @param promise - the work to wait for
 * @param signal - aborts the wait (a signal, or a source such as a run's deadline, whose signal the wait does not make)
 * @param recover - told the promise's own rejection (not the abort) while the signal has not aborted:
 *   the wait settles as what it returns instead (a retry), which bounds its own waits. Without it the wait rejects.
 * @returns the promise's value (or `recover`'s)
 * @throws the signal's reason when it aborts first
 */
export function untilAborted<T>(
  promise: T | PromiseLike<T>,
  signal: Abortable,
  recover?: (error: unknown) => T | PromiseLike<T>,
): Promise<T> {
  const pending = Promise.resolve(promise);
  if (signal.aborted) {
    pending.catch(ignore);
    return Promise.reject(signal.reason);
  }
  const shared = watchersFor(signal);
  const { promise: bounded, resolve, reject } = withResolvers<T>();
  if (shared !== undefined) {
    // A run's own signal: one listener for all its waits.
    shared.add(reject);
    pending.then(
      (value) => {
        shared.delete(reject);
        resolve(value);
      },
      (error: unknown) => {
        shared.delete(reject);
        failWait(error, signal, resolve, reject, recover);
      },
    );
    return bounded;
  }
  // A signal without shared watchers (a source always has them until it aborts).
  const target = signal as AbortSignal;
  const onAbort = () => reject(target.reason);
  target.addEventListener('abort', onAbort, { once: true });
  pending.then(
    (value) => {
      target.removeEventListener('abort', onAbort);
      resolve(value);
    },
    (error: unknown) => {
      target.removeEventListener('abort', onAbort);
      failWait(error, target, resolve, reject, recover);
    },
  );
  return bounded;
}

/** The waited promise rejected: the wait rejects too, or (while the signal has not aborted) settles as `recover(error)` does. */
function failWait<T>(
  error: unknown,
  signal: Abortable,
  resolve: (value: T | PromiseLike<T>) => void,
  reject: (reason: unknown) => void,
  recover: ((error: unknown) => T | PromiseLike<T>) | undefined,
): void {
  if (recover === undefined || signal.aborted) {
    reject(error);
    return;
  }
  try {
    resolve(recover(error));
  } catch (thrown) {
    reject(thrown);
  }
}

function ignore(): void {}
