import type { Abortable } from '../environment/abort-watchers.js';
import { untilAborted, type HandlerGuard } from '../environment/bounded-await.js';

/**
 * Bounds the agent-level feature hooks of one run by the run's signal (the caller's abort and
 * `maxDurationMs`): a hook still pending when the run stops is reported and abandoned; once the run
 * has stopped, hooks are called but not awaited.
 * @internal
 */
export class RunGuard implements HandlerGuard {
  /** @param signal - the run's signal (or its deadline) */
  constructor(private readonly signal: Abortable) {}

  /** Whether the run has stopped. */
  get stopped(): boolean {
    return this.signal.aborted;
  }

  /**
   * @param value - what a hook returned
   * @returns its settled value, unless the run stops first
   * @throws the hook's rejection, or the run's abort reason when it stops first
   */
  race<T>(value: T | PromiseLike<T>): Promise<T> {
    return untilAborted(value, this.signal);
  }

  /**
   * @param error - a caught value
   * @returns whether it is the run's abort reason
   */
  isStop(error: unknown): boolean {
    return this.signal.aborted && error === this.signal.reason;
  }
}
