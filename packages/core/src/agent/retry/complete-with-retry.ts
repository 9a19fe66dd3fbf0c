import { describeThrownValue } from '../../errors/describe-thrown-value.js';
import { ModelCallError } from '../../errors/model-call-error.js';
import { abortOf, AbortSource, type AbortWatcher } from '../../environment/abort-watchers.js';
import { untilAborted } from '../../environment/bounded-await.js';
import { thenOnce, WaitPool } from '../../environment/wait-pool.js';
import { sleep } from '../../environment/sleep.js';
import { retryDelay } from '../../retry/backoff.js';
import type { ChatModel, ChatRequest, ChatResponse } from '../../model/chat-model.js';
import { isRetryableError, retryAfterOf, statusOf } from '../../retry/retry-policy.js';
import type { ResolvedRetryOptions } from './retry-options.js';

/** What tells how long a run has left (its `RunDeadline`). */
export interface RemainingTime {
  /** The time left, in ms (Infinity without a limit). */
  readonly remainingMs: number;
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
  if (abort instanceof AbortSource && (abort as object) === time && !abort.aborted)
    return ModelCallWait.start(abort, first, model, request, retry, time, read);
  return readAfter(
    untilAborted(first, abort, (error) => retryAfter(error, model, request, retry, time)),
    read,
  );
}

/**
 * The model calls of one agent in one run whose wait the caller bounds itself (the run loop, which
 * stops when the run's deadline aborts and ignores a late answer): the caller waits for the first
 * attempt's reply as the model gives it and reads it itself (a call costs the caller's one `then`,
 * no promise or bounded wait of its own), and a failed first attempt goes on to the retries, which
 * bound their own waits, as {@link completeWithRetry} does. Made once per agent per run; its calls come
 * one after another.
 * @internal
 */
export class CallerBoundedCalls {
  /** The request of the call in flight (the last one, once it answered). */
  private request: (ChatRequest & { signal: AbortSignal }) | undefined;

  /**
   * @param model - the model
   * @param retry - the retry policy
   * @param time - the run's time (its deadline)
   * @param read - reads the model's reply into the response (its throw rejects the retries' promise)
   */
  constructor(
    private readonly model: ChatModel,
    private readonly retry: ResolvedRetryOptions,
    private readonly time: RemainingTime,
    private readonly read: (reply: unknown) => ChatResponse,
  ) {}

  /**
   * The first attempt of a call: its reply is the caller's to read (with `read`) and to bound.
   * @param request - the request
   * @returns the model's reply, unread (the model's own promise when it is native; a value or a thenable adopted)
   */
  attempt(request: ChatRequest & { signal: AbortSignal }): Promise<unknown> {
    this.request = request;
    try {
      return Promise.resolve(this.model.complete(request));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /**
   * The retries of the call in flight once its first attempt failed, with backoff while the failure is
   * retryable, within the run's time; each bounds its own wait.
   * @param failure - the first attempt's error
   * @returns the response of a retry, read
   */
  retried(failure: unknown): Promise<ChatResponse> {
    return readAfter(retryAfter(failure, this.model, this.request!, this.retry, this.time), this.read);
  }

  /**
   * Reads a first attempt's reply.
   * @param reply - what the model answered
   * @returns the response
   * @throws ModelCallError when the reply is not a chat response
   */
  answer(reply: unknown): ChatResponse {
    return this.read(reply);
  }
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

/** The idle model-call waits, kept for the next call of any run. */
const idle = new WaitPool<ModelCallWait>();

/**
 * The bounded wait of a run's model call (what `untilAborted` does, for the calls of the runs): its
 * handlers are made once, and a wait whose call was answered is kept for the next call (of any run:
 * it holds nothing of a call between calls), so a call's wait costs its promise, not a resolvers
 * object, closures and their context. It watches the run's deadline, not its signal. Once the
 * deadline aborts, the pending call's late answer is ignored, and the wait is dropped, never reused.
 * @internal
 */
export class ModelCallWait {
  /** @internal */
  resolve: ((value: ChatResponse | PromiseLike<ChatResponse>) => void) | undefined;
  /** @internal */
  reject: ((reason: unknown) => void) | undefined;
  private source: AbortSource | undefined;
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
    const { resolve, reject, source, model, request, retry, time, read } = this;
    if (resolve === undefined) return;
    this.end();
    // Its failure (not the abort) goes on to the retries, which bound their own waits.
    if (source!.aborted) reject!(error);
    else resolve(readAfter(retryAfter(error, model!, request!, retry!, time!), read));
  };
  private readonly onAbort: AbortWatcher = (reason) => {
    const { reject } = this;
    // Not kept for reuse: the model's promise still holds the handlers.
    this.clear();
    reject?.(reason);
  };

  /** The next idle wait, while this one is idle. @internal */
  nextIdle: ModelCallWait | undefined;

  private constructor() {}

  /**
   * Waits for a call's first attempt (then its retries), unless the run aborts first.
   * @param source - the run's deadline (not aborted)
   * @returns the response, or the abort's reason as a rejection
   */
  static start(
    source: AbortSource,
    first: ChatResponse | PromiseLike<ChatResponse>,
    model: ChatModel,
    request: ChatRequest & { signal: AbortSignal },
    retry: ResolvedRetryOptions,
    time: RemainingTime,
    read: ((reply: unknown) => ChatResponse | PromiseLike<ChatResponse>) | undefined,
  ): Promise<ChatResponse> {
    const wait = idle.take() ?? new ModelCallWait();
    const bounded = new Promise<ChatResponse>(capture);
    wait.resolve = captured.resolve;
    wait.reject = captured.reject;
    captured.resolve = captured.reject = undefined;
    wait.source = source;
    wait.model = model;
    wait.request = request;
    wait.retry = retry;
    wait.time = time;
    wait.read = read;
    source.watchers().add(wait.onAbort);
    // A model whose `complete` answers a plain value or a thenable (not a native promise) is adopted as `untilAborted` does;
    // a native promise is taken as it is (no new promise).
    // A promise whose `then` is not the native one is adopted first: the wait's handlers are called once, later.
    thenOnce(Promise.resolve(first), wait.onValue, wait.onError);
    return bounded;
  }

  /** The call answered: the wait stops watching the deadline and is kept for another call. */
  private end(): void {
    this.source!.watchers().delete(this.onAbort);
    this.clear();
    idle.keep(this);
  }

  private clear(): void {
    this.resolve = this.reject = this.source = this.model = this.request = this.retry = this.time = this.read = undefined;
  }
}
