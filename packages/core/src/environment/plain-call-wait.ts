import { ToolCancelledError } from '../errors/tool-cancelled-error.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { watchersFor, type Abortable, type AbortWatchers } from './abort-watchers.js';
import { completedResult } from './completed-result.js';
import type { CallInfo, DispatchSettings } from './dispatch-settings.js';
import { failedResult, failedSafely } from './error-results.js';
import { raisedByFramework } from './framework-raised.js';
import type { ReceivedToolResult } from './tool-call.js';
import { listed, type ToolAnswer } from './tool-answer.js';
import { thenOnce, WaitPool } from './wait-pool.js';

type Settle = (value: ToolAnswer | PromiseLike<ToolAnswer>) => void;

/** The `resolve` of the promise a {@link PlainCallWait} is making (set just for the `new Promise` call). */
const captured: { resolve?: Settle } = {};

/** The executor of every {@link PlainCallWait}'s promise: one function, no closure per call. */
function capture(resolve: Settle): void {
  captured.resolve = resolve;
}

/** The idle plain-call waits, kept for the next call of any run. */
const idle = new WaitPool<PlainCallWait>();

/**
 * The result of a call cancelled by what bounds its wait: the framework's `ToolCancelledError`, as a guarded call gets.
 * @param settings - the environment's settings
 * @param info - the call
 * @param tool - the tool
 * @param reason - the abort reason
 * @returns the result (never rejects)
 */
export function cancelledResult(settings: DispatchSettings, info: CallInfo, tool: AnyTool, reason: unknown): Promise<ReceivedToolResult> {
  return failedResult(settings, info, tool, raisedByFramework(new ToolCancelledError(tool.name, reason), info));
}

/**
 * The wait for a plain tool's promise (the fast path of `runPlainTool`), bounded by what cancels the
 * call (a run's deadline), if anything: what a `.then` with two closures and `untilAborted` did, with
 * no closure, resolvers object or promise of its own but the call's. Its handlers are made once per
 * wait, and a wait whose tool answered is kept for the next call (of any run: it holds nothing of a
 * call between calls). A wait cancelled first is dropped, never reused: its tool's late answer still
 * comes to its handlers, which ignore it.
 * @internal
 */
export class PlainCallWait {
  private resolve: Settle | undefined;
  private settings: DispatchSettings | undefined;
  private tool: AnyTool | undefined;
  private info: CallInfo | undefined;
  /** Whether the call is answered in a list (a batch of one call). */
  private list = false;
  /** What cancels the call, while it is waited for. */
  private bound: Abortable | undefined;
  /** Its shared watchers (a run's deadline or signal), or undefined when the wait listens to a signal itself. */
  private shared: AbortWatchers | undefined;

  private readonly onValue = (value: unknown): void => {
    const { resolve, settings, tool, info, list } = this;
    if (resolve === undefined) return; // cancelled before
    this.end();
    try {
      resolve(listed(completedResult(settings!, tool!, info!, value), list));
    } catch (error) {
      resolve(listed(failedSafely(settings!, info!, tool!, error), list));
    }
  };

  private readonly onError = (error: unknown): void => {
    const { resolve, settings, tool, info, list } = this;
    if (resolve === undefined) return;
    this.end();
    resolve(listed(failedSafely(settings!, info!, tool!, error), list));
  };

  /** The next idle wait, while this one is idle. @internal */
  nextIdle: PlainCallWait | undefined;

  private constructor() {}

  /**
   * Waits for what a plain tool returned (a promise or a thenable, adopted), unless `bound` aborts
   * first: the call then ends at once with a `ToolCancelledError` result. Never rejects.
   * @param returned - what the tool returned (an object or a function: a promise, a thenable, or a value)
   * @param settings - the environment's settings
   * @param tool - the tool
   * @param info - the call
   * @param bound - what cancels the wait (a run's deadline, or a signal), if anything
   * @param list - whether to answer the result in a list (a batch of one call)
   * @returns the call's one result (in a list with `list`)
   */
  static start(
    returned: unknown,
    settings: DispatchSettings,
    tool: AnyTool,
    info: CallInfo,
    bound: Abortable | undefined,
    list: boolean,
  ): Promise<ToolAnswer> {
    // `Promise.resolve` returns a native promise as it is and adopts any other thenable (a `then` that throws rejects).
    const pending = Promise.resolve(returned);
    if (bound?.aborted === true) {
      pending.then(undefined, ignore);
      return listed(cancelledResult(settings, info, tool, bound.reason), list);
    }
    const wait = idle.take() ?? new PlainCallWait();
    const promise = new Promise<ToolAnswer>(capture);
    wait.resolve = captured.resolve;
    captured.resolve = undefined;
    wait.settings = settings;
    wait.tool = tool;
    wait.info = info;
    wait.list = list;
    if (bound !== undefined) {
      wait.bound = bound;
      const shared = (wait.shared = watchersFor(bound));
      if (shared === undefined) (bound as AbortSignal).addEventListener('abort', wait);
      else shared.add(wait);
    }
    // A promise whose `then` is not the native one is adopted first: the wait's handlers are called once, later.
    thenOnce(pending, wait.onValue, wait.onError);
    return promise;
  }

  /**
   * Told by a shared signal (a run's deadline) that it aborted: the call is answered with its cancellation.
   * @param reason - the abort reason
   */
  onWatchedAbort(reason: unknown): void {
    const { resolve, settings, tool, info, list } = this;
    if (resolve === undefined) return;
    // Not kept for reuse: the tool's promise still holds the handlers.
    this.clear();
    resolve(listed(cancelledResult(settings!, info!, tool!, reason), list));
  }

  /**
   * The abort listener of a signal whose waits do not share watchers.
   * @param event - the abort event
   */
  handleEvent(event: Event): void {
    const signal = event.target as AbortSignal;
    signal.removeEventListener('abort', this);
    this.onWatchedAbort(signal.reason);
  }

  /** The tool answered: the wait stops watching and is kept for another call. */
  private end(): void {
    const { bound, shared } = this;
    if (shared !== undefined) shared.delete(this);
    else if (bound !== undefined) (bound as AbortSignal).removeEventListener('abort', this);
    this.clear();
    idle.keep(this);
  }

  private clear(): void {
    this.resolve = this.settings = this.tool = this.info = this.bound = this.shared = undefined;
  }
}

function ignore(): void {}
