import { untilAborted } from '../../environment/bounded-await.js';
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
): Promise<unknown> {
  let iterator: AsyncIterator<ChatStreamEvent> | undefined;
  try {
    iterator = stream[Symbol.asyncIterator]();
    for (;;) {
      const step = await untilAborted(iterator.next(), request.signal);
      if (step.done === true) break;
      const event = step.value as Partial<ChatStreamEvent> | undefined;
      if (event?.type === 'response') return event.response;
      if (event?.type === 'text_delta' && typeof event.delta === 'string' && event.delta !== '') {
        emitted.emitted = true;
        await events.emit({ type: 'text_delta', delta: event.delta });
      }
    }
  } catch (error) {
    if (!emitted.emitted || request.signal.aborted) throw error;
    throw new ModelCallError(`The model's stream failed after its text began (not retried): ${describeThrownValue(error)}`, {
      retryable: false,
      cause: error,
    });
  } finally {
    closeQuietly(iterator);
  }
  throw new ModelCallError("The model's stream ended without a response event; expected { type: 'response', response } last.", {
    retryable: false,
  });
}

function closeQuietly(iterator: AsyncIterator<ChatStreamEvent> | undefined): void {
  try {
    const closing = iterator?.return?.();
    if (closing !== undefined) Promise.resolve(closing).catch(() => undefined);
  } catch {
    // A stream that cannot close has nothing more to give.
  }
}
