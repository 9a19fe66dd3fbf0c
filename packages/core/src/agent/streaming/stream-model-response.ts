import { abortOf, watchersFor, type Abortable, type AbortWatchers } from '../../environment/abort-watchers.js';
import { thenOnce } from '../../environment/wait-pool.js';
import { describeThrownValue } from '../../errors/describe-thrown-value.js';
import { ModelCallError } from '../../errors/model-call-error.js';
import type { ChatModel, ChatRequest, ChatResponse, ChatStreamEvent } from '../../model/chat-model.js';
import { nextTurn } from '../next-turn.js';
import { TimeSlice } from '../time-slice.js';
import { readChatResponse } from '../read-chat-response.js';
import { retriedAfter, type RemainingTime } from '../retry/complete-with-retry.js';
import type { ResolvedRetryOptions } from '../retry/retry-options.js';
import type { RunEvents } from './run-events.js';

/**
 * Where a streamed call's outcome goes (the run loop, or a promise's resolving functions): one of its
 * handlers is called once. A success may be told at once, inside the step of the stream that ended the
 * call; a failure is told on a later tick, never inside the call that starts the reading nor inside an
 * abort of its signal.
 * @internal
 */
export interface StreamedCallTarget {
  /** Takes the call's response (told); a promise of it (a told message waiting for room) is never passed here. */
  readonly onValue: (value: never) => void;
  /** Takes the call's failure. */
  readonly onError: (error: unknown) => void;
}

/**
 * A model read through its stream, in a streamed run (one per run and agent, for its calls one after
 * another): `call` reads one streaming model call, emits each text delta as a `text_delta` event
 * (waiting while the consumer's buffer is full, which holds the model's stream back) and gives the
 * `response` the stream ends with, checked and told, to its target (the run loop). The reading is
 * bounded by the request's signal (it stops, and fails with the signal's reason, when it aborts), and
 * the stream is closed (`return()`) however the reading ends. `emitted` tells whether a delta was
 * emitted since it was last set to false. As a `ChatModel` (`complete`, what the retries call), it
 * gives the response the stream ended with, unchecked.
 * @internal
 */
export class StreamingModel implements ChatModel {
  /** Whether a text delta was emitted (since the caller last reset it). */
  emitted = false;
  private reader: StreamReader;
  /** The request, retry policy and time of the call in progress (what {@link StreamingModel.retried} retries). */
  private request: (ChatRequest & { signal: AbortSignal }) | undefined;
  private retry: ResolvedRetryOptions | undefined;
  private time: RemainingTime | undefined;

  /**
   * @param model - the model, which has `stream`
   * @param events - the run's event sink
   */
  constructor(
    private readonly model: ChatModel,
    events: RunEvents,
  ) {
    this.reader = new StreamReader(events, this);
  }

  /**
   * Reads and checks a call's reply, then tells it: the whole text as one delta when the stream gave
   * none, and the message (waiting for room when the reader is behind).
   * @param reply - what the stream ended with
   * @returns the checked response, or a promise of it once told
   * @internal
   */
  answered(reply: unknown): ChatResponse | Promise<ChatResponse> {
    const response = readChatResponse(reply);
    const { events } = this.reader;
    if (!events.active) return response;
    const text = response.message.content;
    const delta = !this.emitted && typeof text === 'string' && text !== '' ? events.sendTextDelta(text) : undefined;
    return delta === undefined ? this.told(response) : delta.then(() => this.told(response));
  }

  /**
   * The call's first attempt failed: the retries (as `completeWithRetry` makes them), then the reply
   * told; cancelled, the error is thrown as it is.
   * @param error - the first attempt's failure
   * @returns the told response of a retry
   * @internal
   */
  retried(error: unknown): Promise<ChatResponse> {
    const request = this.request!;
    if (abortOf(request)?.aborted === true) throw error;
    return retriedAfter(error, this, request, this.retry!, this.time!, (reply) => this.answered(reply));
  }

  /**
   * One model call of the run, as `completeWithRetry(this, request, retry, time)` and
   * {@link StreamingModel.answered} make it, with no promise of its own: the reading is bounded by the
   * request's signal already, and its target gets the reply told; a failure (not after text began, nor
   * the abort) goes on to the retries. Calls come one after another (the run waits for each).
   * @param request - the request (its signal bounds the reading and the retries)
   * @param retry - the retry policy
   * @param time - the run's time (its deadline)
   * @param target - what gets the checked response, once told, or the failure
   */
  call(request: ChatRequest & { signal: AbortSignal }, retry: ResolvedRetryOptions, time: RemainingTime, target: StreamedCallTarget): void {
    this.emitted = false;
    this.request = request;
    this.retry = retry;
    this.time = time;
    this.read(request, true, target);
  }

  /** Tells the call's message; gives the response once it is queued. */
  private told(response: ChatResponse): ChatResponse | Promise<ChatResponse> {
    const wait = this.reader.events.sendMessage(response.message);
    return wait === undefined ? response : wait.then(() => response);
  }

  /**
   * Reads one streaming call (what the retries call).
   * @param request - the request (its signal bounds the reading)
   * @returns the response the stream ended with
   * @throws ModelCallError (`retryable: false`) when the stream ends without a response, or fails
   *   after text was emitted (a retry would repeat text the consumer has already seen)
   */
  complete(request: ChatRequest): Promise<ChatResponse> {
    return new Promise((resolve, reject) =>
      this.read(request as ChatRequest & { signal: AbortSignal }, false, { onValue: resolve, onError: reject }),
    );
  }

  /** Reads one streaming call; `told`: its target gets `answered` (or `retried`) of its outcome. */
  private read(request: ChatRequest & { signal: AbortSignal }, told: boolean, target: StreamedCallTarget): void {
    // A reader left with a step pending (its call was cancelled) is not reused: that step may still settle.
    if (this.reader.busy) this.reader = new StreamReader(this.reader.events, this);
    let stream: AsyncIterable<ChatStreamEvent>;
    try {
      stream = this.model.stream!(request);
    } catch (error) {
      this.settle(target, told, error, true);
      return;
    }
    this.reader.read(stream, request, told, target);
  }

  /**
   * Gives a reading's outcome to its target: for `told`, the response told (`answered`), or the retries of a
   * failure (`retried`); a failure on a later tick.
   * @internal
   */
  settle(target: StreamedCallTarget, told: boolean, outcome: unknown, failed: boolean): void {
    let value = outcome;
    if (told)
      try {
        value = failed ? this.retried(outcome) : this.answered(outcome);
        failed = false;
      } catch (error) {
        value = error;
        failed = true;
      }
    if (failed) later(target, value);
    else if (value instanceof Promise) thenOnce(value, target.onValue, target.onError);
    else target.onValue(value as never);
  }
}

/** How many steps of a model's stream are read between two readings of the clock (one costs about what a step does). */
const stepsPerClockRead = 32;

/** Tells a target of a failure on a later tick. */
function later(target: StreamedCallTarget, error: unknown): void {
  thenOnce(Promise.reject(error as Error), target.onValue, target.onError);
}

/**
 * Reads the model's streams one after another, step by step, with functions made once: a step costs
 * the stream's own promise and the one `then` makes, not an async frame, a bounding promise and an
 * `await` besides. One watcher of the request's signal per call stops the reading when it aborts.
 */
class StreamReader {
  private iterator: AsyncIterator<ChatStreamEvent> | undefined;
  private signal: Abortable | undefined;
  private watchers: AbortWatchers | undefined;
  /** What gets the outcome of the reading in progress. */
  private target: StreamedCallTarget | undefined;
  /** Whether the reading's outcome is told (the model's `answered`, or `retried` for a failure). */
  private told = false;
  /** Whether the stream's current step (or a turn of the event loop the reading waits for) has not settled yet. */
  private stepPending = false;
  /** The reading's time slice (a stream that never waits for I/O yields a turn of the event loop once it is over). */
  private readonly slice = new TimeSlice(stepsPerClockRead);
  /** Goes on after a turn of the event loop (made when a reading first yields). */
  private onTurn: (() => void) | undefined;
  private readonly onStep = (step: IteratorResult<ChatStreamEvent>): void => {
    this.stepPending = false;
    if (this.target !== undefined) this.take(step);
  };
  private readonly onError = (error: unknown): void => {
    this.stepPending = false;
    this.fail(error);
  };
  /** The abort listener of a signal that does not share its watchers (made when needed). */
  private onAbortEvent: (() => void) | undefined;
  /** Goes on once the reader made room (made when the reader first falls behind). */
  private onRoom: (() => void) | undefined;

  constructor(
    readonly events: RunEvents,
    private readonly model: StreamingModel,
  ) {}

  /** Whether a reading has not ended, or its stream's last step has not settled. */
  get busy(): boolean {
    return this.target !== undefined || this.stepPending;
  }

  /**
   * @param stream - what `model.stream(request)` returned
   * @param request - the request (its signal)
   * @param told - give the target the model's `answered` of the response (its `retried` of a failure)
   * @param target - what gets the response the stream ended with (told, for `told`), or the failure
   */
  read(
    stream: AsyncIterable<ChatStreamEvent>,
    request: ChatRequest & { signal: AbortSignal },
    told: boolean,
    target: StreamedCallTarget,
  ): void {
    this.told = told;
    this.target = target;
    this.slice.reset();
    // The run's deadline when the request's signal is made when read: watched without making it.
    const signal = abortOf(request) ?? request.signal;
    this.signal = signal;
    try {
      this.iterator = stream[Symbol.asyncIterator]();
    } catch (error) {
      this.fail(error);
      return;
    }
    if (signal.aborted) {
      this.fail(signal.reason);
      return;
    }
    const watchers = watchersFor(signal);
    if (watchers === undefined)
      (signal as AbortSignal).addEventListener('abort', (this.onAbortEvent ??= () => this.fail(this.signal?.reason)));
    else (this.watchers = watchers).add(this);
    this.pull();
  }

  /**
   * The request's signal aborted: the reading stops (the reader is its own watcher: no closure for it).
   * @param reason - the abort reason
   */
  onWatchedAbort(reason: unknown): void {
    this.fail(reason);
  }

  /** Asks the stream for its next step. */
  private pull(): void {
    if (this.target === undefined) return;
    if (this.signal!.aborted) {
      this.fail(this.signal!.reason);
      return;
    }
    // A stream whose steps never wait for I/O would keep the event loop (timers, an abort) for its whole
    // length: once a time slice has passed (the clock read every few steps), the reading yields a turn.
    if (this.slice.over()) {
      this.stepPending = true;
      void nextTurn().then(
        (this.onTurn ??= () => {
          this.stepPending = false;
          this.pull();
        }),
      );
      return;
    }
    try {
      const next = Promise.resolve(this.iterator!.next());
      this.stepPending = true;
      // Never called back during this call, and once: a step whose own `then` calls back at once (or twice,
      // or throws) is adopted first, so the reading never runs inside itself and nothing escapes it.
      thenOnce(next, this.onStep, this.onError);
    } catch (error) {
      this.stepPending = false;
      this.fail(error);
    }
  }

  /** Takes one step of the stream: the response ends the reading; a delta is emitted. */
  private take(step: IteratorResult<ChatStreamEvent>): void {
    try {
      if (step.done === true) {
        this.end(
          new ModelCallError("The model's stream ended without a response event; expected { type: 'response', response } last.", {
            retryable: false,
          }),
          true,
        );
        return;
      }
      const event = step.value as Partial<ChatStreamEvent> | undefined;
      if (event?.type === 'response') {
        this.end(event.response, false);
        return;
      }
      if (event?.type === 'text_delta' && typeof event.delta === 'string' && event.delta !== '') {
        this.model.emitted = true;
        const { events } = this;
        if (events.readerWaiting) {
          // The reader takes the delta at once: the stream's next step is asked for first, so it is
          // queued by the time the reader asks for it (one step ahead, the reader finds it waiting).
          this.pull();
          void events.sendTextDelta(event.delta);
          return;
        }
        const wait = events.sendTextDelta(event.delta);
        if (wait !== undefined) {
          void wait.then((this.onRoom ??= () => this.pull()));
          return;
        }
      }
    } catch (error) {
      this.fail(error);
      return;
    }
    this.pull();
  }

  /** Ends the reading with an error: after text was emitted (and unless cancelled), a non-retryable ModelCallError. */
  private fail(error: unknown): void {
    if (this.target === undefined) return;
    if (!this.model.emitted || this.signal!.aborted) {
      this.end(error, true);
      return;
    }
    this.end(
      new ModelCallError(`The model's stream failed after its text began (not retried): ${describeThrownValue(error)}`, {
        retryable: false,
        cause: error,
      }),
      true,
    );
  }

  /** Ends the reading: the watcher goes, the stream is closed, the target gets the outcome. */
  private end(outcome: unknown, failed: boolean): void {
    const { target, iterator, signal, told } = this;
    this.target = this.iterator = this.signal = undefined;
    if (this.watchers !== undefined) this.watchers.delete(this);
    else if (this.onAbortEvent !== undefined) (signal as AbortSignal | undefined)?.removeEventListener('abort', this.onAbortEvent);
    this.watchers = undefined;
    closeQuietly(iterator);
    this.model.settle(target!, told, outcome, failed);
  }
}

function ignore(): undefined {
  return undefined;
}

/** What the last stream closed gave: a stream whose `return()` gives one shared settled promise has it handled once. */
let lastClosing: unknown;

function closeQuietly(iterator: AsyncIterator<ChatStreamEvent> | undefined): void {
  try {
    const closing = iterator?.return?.();
    // A promise given a handler already needs no other (its rejection is not reported either way).
    if (closing !== undefined && closing !== lastClosing) {
      lastClosing = closing;
      Promise.resolve(closing).catch(ignore);
    }
  } catch {
    // A stream that cannot close has nothing more to give.
  }
}
