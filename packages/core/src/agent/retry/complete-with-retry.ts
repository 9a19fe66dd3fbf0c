import { describeThrownValue } from '../../errors/describe-thrown-value.js';
import { ModelCallError } from '../../errors/model-call-error.js';
import { abortOf, AbortSource, type AbortWatcher } from '../../environment/abort-watchers.js';
import { untilAborted } from '../../environment/bounded-await.js';
import { sleep } from '../../environment/sleep.js';
import { retryDelay } from '../../retry/backoff.js';
import type { ChatModel, ChatRequest, ChatResponse } from '../../model/chat-model.js';
import { isRetryableError, retryAfterOf, statusOf } from '../../retry/retry-policy.js';
import type { ResolvedRetryOptions } from './retry-options.js';

/** What tells how long a run has left (its `RunDeadline`). */
export interface RemainingTime {
  /** The time left, in ms (Infinity without a limit). */
  readonly remainingMs: number;
  /** The wait of the run's model calls, one after another (kept by the run's deadline, made at its first call). */
  modelCallWait?: ModelCallWait;
}

const unlimited: RemainingTime = { remainingMs: Number.POSITIVE_INFINITY };

/**
 * Sends one request to the model, retrying retryable failures with backoff (see
 * {@link isRetryableError} and `retryDelay`). The call and the waits stop as soon as
 * `request.signal` aborts, rejecting with the signal's reason.
 * @param model - the model
 * @param request - the request; its `signal` cancels the call and the waits
 * @param retry - the retry policy
 * @param time - the run's time (its deadline): a retry that would wait longer than `remainingMs` gives up at once
 * @param read - reads the model's reply into the response returned (its throw rejects; a promise it gives
 *   is waited for), if given: the run's wait does it, with no promise of its own
 * @returns the model's response
 * @throws the error itself when it is not retryable (it is not wrapped)
 * @throws ModelCallError with `attempts` and the last error as `cause` once every retry failed
 */
export function completeWithRetry(
  model: ChatModel,
  request: ChatRequest & { signal: AbortSignal },
  retry: ResolvedRetryOptions,
  time: RemainingTime = unlimited,
  read?: (reply: unknown) => ChatResponse | PromiseLike<ChatResponse>,
): Promise<ChatResponse> {
  // The first attempt costs no async frame and no promise of its own: most calls succeed at once.
  // Its failure (not the abort) goes on to the retries, which bound their own waits.
  let first: Promise<ChatResponse>;
  try {
    first = model.complete(request);
  } catch (error) {
    return readAfter(retryAfter(error, model, request, retry, time), read);
  }
  // The run's own request watches the run's deadline: its signal is not made unless the model reads it.
  const abort = abortOf(request)!;
  if (abort instanceof AbortSource && (abort as object) === time && !abort.aborted) {
    const wait = (time.modelCallWait ??= new ModelCallWait(abort));
    if (wait.idle) return wait.start(first, model, request, retry, time, read);
  }
  return readAfter(
    untilAborted(first, abort, (error) => retryAfter(error, model, request, retry, time)),
    read,
  );
}

function readAfter(
  response: Promise<ChatResponse>,
  read: ((reply: unknown) => ChatResponse | PromiseLike<ChatResponse>) | undefined,
): Promise<ChatResponse> {
  return read === undefined ? response : response.then(read);
}

/**
 * What {@link completeWithRetry} does once the first attempt failed (or threw): the retries, then
 * `read`, for a caller that made the first attempt itself (a model whose call bounds its own wait).
 * @param failure - the first attempt's error
 * @param model - the model
 * @param request - the request; its `signal` cancels the retries and their waits
 * @param retry - the retry policy
 * @param time - the run's time
 * @param read - reads the reply (its throw rejects; a promise it gives is waited for), if given
 * @returns the response of a retry
 * @internal
 */
export function retriedAfter(
  failure: unknown,
  model: ChatModel,
  request: ChatRequest & { signal: AbortSignal },
  retry: ResolvedRetryOptions,
  time: RemainingTime,
  read?: (reply: unknown) => ChatResponse | PromiseLike<ChatResponse>,
): Promise<ChatResponse> {
  return readAfter(retryAfter(failure, model, request, retry, time), read);
}

/** The attempts after a failed first one: retried with backoff while retryable, within the run's time. */
async function retryAfter(
  failure: unknown,
  model: ChatModel,
  request: ChatRequest & { signal: AbortSignal },
  retry: ResolvedRetryOptions,
  time: RemainingTime,
): Promise<ChatResponse> {
  const wait = retry.sleep ?? sleep;
  let error = failure;
  for (let attempt = 0; ; attempt++) {
    if (request.signal.aborted || !isRetryableError(error)) throw error;
    if (attempt >= retry.maxRetries) throw exhausted(error, attempt + 1);
    const delay = retryDelay(attempt, retryAfterOf(error), retry, retry.random);
    // A wait that would outlast the run's time limit would only hide the error behind 'max_duration'.
    if (delay >= time.remainingMs) throw exhausted(error, attempt + 1, "the next retry would come after the run's maxDurationMs");
    // A custom sleep that ignores the signal is still cut short by it.
    await untilAborted(
      Promise.resolve().then(() => wait(delay, request.signal)),
      request.signal,
    );
    if (request.signal.aborted) throw request.signal.reason;
    try {
      return await untilAborted(model.complete(request), request.signal);
    } catch (next) {
      error = next;
    }
  }
}

function exhausted(error: unknown, attempts: number, why?: string): ModelCallError {
  const detail = describeThrownValue(error);
  const tries = `${attempts === 1 ? '1 attempt' : `${attempts} attempts`}${why ? ` (${why})` : attempts === 1 ? ' (retries are disabled)' : ''}`;
  const status = statusOf(error);
  const retryAfterMs = retryAfterOf(error);
  return new ModelCallError(`The model call failed after ${tries}; the last error was: ${detail}`, {
    retryable: true,
    ...(status === undefined ? {} : { status }),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    attempts,
    cause: error,
  });
}

/** The resolving functions of the promise a {@link ModelCallWait} is making (set just for the `new Promise` call). */
const captured: { resolve?: (value: ChatResponse | PromiseLike<ChatResponse>) => void; reject?: (reason: unknown) => void } = {};

/** The executor of a {@link ModelCallWait}'s promises: one function, no closure per call. */
function capture(resolve: (value: ChatResponse | PromiseLike<ChatResponse>) => void, reject: (reason: unknown) => void): void {
  captured.resolve = resolve;
  captured.reject = reject;
}

/**
 * The bounded wait of a run's model calls (what `untilAborted` does, for the calls of one run, one
 * after another): made once per run, with its handlers, so a call's wait costs its promise, not a
 * resolvers object, closures and their context. It watches the run's deadline, not its signal.
 * Once the deadline aborts, a pending call's late answer is ignored, and no call waits through it again.
 * @internal
 */
export class ModelCallWait {
  /** @internal */
  resolve: ((value: ChatResponse | PromiseLike<ChatResponse>) => void) | undefined;
  /** @internal */
  reject: ((reason: unknown) => void) | undefined;
  private model: ChatModel | undefined;
  private request: (ChatRequest & { signal: AbortSignal }) | undefined;
  private retry: ResolvedRetryOptions | undefined;
  private time: RemainingTime | undefined;
  private read: ((reply: unknown) => ChatResponse | PromiseLike<ChatResponse>) | undefined;
  private readonly onValue = (value: ChatResponse): void => {
    const { resolve, reject, read } = this;
    if (resolve === undefined) return; // aborted before
    this.end();
    if (read === undefined) resolve(value);
    else
      try {
        resolve(read(value));
      } catch (error) {
        reject!(error);
      }
  };
  private readonly onError = (error: unknown): void => {
    const { resolve, reject, model, request, retry, time, read } = this;
    if (resolve === undefined) return;
    this.end();
    // Its failure (not the abort) goes on to the retries, which bound their own waits.
    if (this.source.aborted) reject!(error);
    else resolve(readAfter(retryAfter(error, model!, request!, retry!, time!), read));
  };
  private readonly onAbort: AbortWatcher = (reason) => {
    const { reject } = this;
    this.clear();
    reject?.(reason);
  };

  /** @param source - the run's deadline */
  constructor(private readonly source: AbortSource) {}

  /** Whether no call is waited for now. */
  get idle(): boolean {
    return this.resolve === undefined;
  }

  /**
   * Waits for a call's first attempt (then its retries), unless the run aborts first.
   * @returns the response, or the abort's reason as a rejection
   */
  start(
    first: ChatResponse | PromiseLike<ChatResponse>,
    model: ChatModel,
    request: ChatRequest & { signal: AbortSignal },
    retry: ResolvedRetryOptions,
    time: RemainingTime,
    read: ((reply: unknown) => ChatResponse | PromiseLike<ChatResponse>) | undefined,
  ): Promise<ChatResponse> {
    const bounded = new Promise<ChatResponse>(capture);
    this.resolve = captured.resolve;
    this.reject = captured.reject;
    captured.resolve = captured.reject = undefined;
    this.model = model;
    this.request = request;
    this.retry = retry;
    this.time = time;
    this.read = read;
    this.source.watchers().add(this.onAbort);
    // A model whose `complete` answers a plain value or a thenable (not a native promise) is adopted as `untilAborted` does;
    // a native promise is taken as it is (no new promise).
    Promise.resolve(first).then(this.onValue, this.onError);
    return bounded;
  }

  /** The call answered: the wait stops watching the deadline. */
  private end(): void {
    this.source.watchers().delete(this.onAbort);
    this.clear();
  }

  private clear(): void {
    this.resolve = this.reject = this.model = this.request = this.retry = this.time = this.read = undefined;
  }
}
