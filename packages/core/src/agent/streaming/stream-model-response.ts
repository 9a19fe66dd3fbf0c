import { sharedWatchers, type AbortWatchers } from '../../environment/abort-watchers.js';
import { untilAborted } from '../../environment/bounded-await.js';
import { withResolvers, type Resolvers } from '../../environment/with-resolvers.js';
import { describeThrownValue } from '../../errors/describe-thrown-value.js';
import { ModelCallError } from '../../errors/model-call-error.js';
import type { ChatRequest, ChatStreamEvent } from '../../model/chat-model.js';
import type { RunEvents } from './run-events.js';

/**
 * Reads one streaming model call: emits each text delta as a `text_delta` event (waiting while the
 * consumer's buffer is full, which holds the model's stream back) and returns the `response` the
 * stream ends with (read and checked by the loop like `complete`'s). Each step is bounded by the
 * request's signal, and the stream is closed (`return()`) however the reading ends.
 * @param stream - what `model.stream(request)` returned
 * @param request - the request (its signal)
 * @param events - the run's event sink
 * @param emitted - its `emitted` is set once a delta was emitted
 * @returns the response the stream ended with
 * @throws ModelCallError (`retryable: false`) when the stream ends without a response, or fails
 *   after text was emitted (a retry would repeat text the consumer has already seen)
 */
export async function streamModelResponse(
  stream: AsyncIterable<ChatStreamEvent>,
  request: ChatRequest & { signal: AbortSignal },
  events: RunEvents,
  emitted: { emitted: boolean },
  steps?: StreamSteps,
): Promise<unknown> {
  let iterator: AsyncIterator<ChatStreamEvent> | undefined;
  const bounded = steps?.watch(request.signal) === true ? steps : undefined;
  try {
    iterator = stream[Symbol.asyncIterator]();
    for (;;) {
      const next = iterator.next();
      const step = await (bounded === undefined ? untilAborted(next, request.signal) : bounded.next(next));
      if (step.done === true) break;
      const event = step.value as Partial<ChatStreamEvent> | undefined;
      if (event?.type === 'response') return event.response;
      if (event?.type === 'text_delta' && typeof event.delta === 'string' && event.delta !== '') {
        emitted.emitted = true;
        const wait = events.send({ type: 'text_delta', delta: event.delta });
        if (wait !== undefined) await wait;
      }
    }
  } catch (error) {
    if (!emitted.emitted || request.signal.aborted) throw error;
    throw new ModelCallError(`The model's stream failed after its text began (not retried): ${describeThrownValue(error)}`, {
      retryable: false,
      cause: error,
    });
  } finally {
    bounded?.unwatch();
    closeQuietly(iterator);
  }
  throw new ModelCallError("The model's stream ended without a response event; expected { type: 'response', response } last.", {
    retryable: false,
  });
}

/**
 * The steps of a run's model streams (one agent's, read one after another), each bounded by the run's
 * own signal through one watcher per stream whose functions are made once per run: a step costs its own
 * promise, settled by the stream's step or rejected when the signal aborts (no listener and closures per step).
 * @internal
 */
export class StreamSteps {
  private signal: AbortSignal | undefined;
  private watchers: AbortWatchers | undefined;
  private current: Resolvers<IteratorResult<ChatStreamEvent>> | undefined;
  private readonly onAbort = (reason: unknown): void => this.take()?.reject(reason);
  private readonly onStep = (step: IteratorResult<ChatStreamEvent>): void => this.take()?.resolve(step);
  private readonly onError = (error: unknown): void => this.take()?.reject(error);

  /**
   * Starts bounding the steps of one stream by a signal.
   * @param signal - the request's signal
   * @returns false when the signal does not share its watchers (the steps are then bounded one by one)
   */
  watch(signal: AbortSignal): boolean {
    const watchers = sharedWatchers(signal);
    if (watchers === undefined || this.watchers !== undefined) return false;
    this.signal = signal;
    this.watchers = watchers;
    watchers.add(this.onAbort);
    return true;
  }

  /**
   * @param step - the stream's next step
   * @returns the step, or a rejection with the signal's reason when it aborts first
   */
  next(step: Promise<IteratorResult<ChatStreamEvent>>): Promise<IteratorResult<ChatStreamEvent>> {
    const pending = Promise.resolve(step);
    if (this.signal!.aborted) {
      pending.catch(() => undefined);
      return Promise.reject(this.signal!.reason as Error);
    }
    const current = withResolvers<IteratorResult<ChatStreamEvent>>();
    this.current = current;
    pending.then(this.onStep, this.onError);
    return current.promise;
  }

  /** The stream was read: its watcher goes. */
  unwatch(): void {
    this.watchers?.delete(this.onAbort);
    this.watchers = undefined;
    this.signal = undefined;
    this.current = undefined;
  }

  private take(): Resolvers<IteratorResult<ChatStreamEvent>> | undefined {
    const current = this.current;
    this.current = undefined;
    return current;
  }
}

function closeQuietly(iterator: AsyncIterator<ChatStreamEvent> | undefined): void {
  try {
    const closing = iterator?.return?.();
    if (closing !== undefined) Promise.resolve(closing).catch(() => undefined);
  } catch {
    // A stream that cannot close has nothing more to give.
  }
}
