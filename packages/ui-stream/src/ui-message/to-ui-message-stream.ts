import type { UIMessageChunk } from 'ai';
import type { AgentEvent } from '@toolcraft/core';
import { readTranslated } from '../shared/read-translated.js';
import { UIMessageTranslator } from './ui-message-translator.js';
import type { UIMessageStreamOptions } from './ui-message-stream-options.js';

/**
 * Turns a streamed run into the Vercel AI SDK's UI message stream, what `useChat` reads: `start`, a
 * step per model turn with its text (`text-start`/`-delta`/`-end`), reasoning, tool inputs and
 * outputs (`tool-input-available`, `tool-output-available` or `tool-output-error`), then an
 * approval request (`tool-approval-request`) for each call waiting for a person, and `finish` (or
 * `abort` for an aborted run; `error` when the run fails). The run is read as the stream is: a
 * client that reads slowly holds the run back, and cancelling the stream (the client went away)
 * cancels the run.
 * @param events - the run's events: `agent.stream(input)`, `agent.stream(state)` to continue one
 * @param options - the message id, error text, reasoning, tool outputs and metadata
 * @returns a stream of UI message chunks (give it to the AI SDK's `createUIMessageStreamResponse`, or use {@link toUIMessageStreamResponse})
 * @example
 * const stream = toUIMessageStream(agent.stream(text, { signal: request.signal }));
 */
export function toUIMessageStream(events: AsyncIterable<AgentEvent>, options: UIMessageStreamOptions = {}): ReadableStream<UIMessageChunk> {
  const chunks = readTranslated(events, new UIMessageTranslator(options));
  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done === true) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}
