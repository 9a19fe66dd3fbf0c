import type { AgentEvent } from '@toolcraft/core';
import type { EventTranslator } from './event-translator.js';

/**
 * Reads a run's events through a translator as an async iterator of chunks, pulling one event only
 * when the reader wants more (the run's backpressure holds). `return()` closes the events at once,
 * which cancels an `AgentStream`'s run, even while it waits for its next event. @internal
 * @param events - the run's events (`agent.stream(...)`)
 * @param translator - the protocol
 * @returns the chunks, in order
 */
export function readTranslated<TChunk>(
  events: AsyncIterable<AgentEvent>,
  translator: EventTranslator<TChunk>,
): AsyncIterableIterator<TChunk> {
  let source: AsyncIterator<AgentEvent> | undefined;
  let queue: TChunk[] = translator.start();
  let finished = false;
  const close = async (): Promise<void> => {
    if (finished) return;
    finished = true;
    queue = [];
    await source?.return?.();
  };
  const iterator: AsyncIterableIterator<TChunk> = {
    async next(): Promise<IteratorResult<TChunk>> {
      while (queue.length === 0) {
        if (finished) return { done: true, value: undefined };
        try {
          source ??= events[Symbol.asyncIterator]();
          const step = await source.next();
          if (finished) continue;
          if (step.done) {
            finished = true;
            queue = translator.end();
          } else queue = translator.next(step.value);
        } catch (error) {
          if (finished) continue;
          finished = true;
          queue = translator.fail(error);
          // A translator that threw (a caller's callback) leaves the run going: stop it.
          await source?.return?.().catch(() => undefined);
        }
      }
      return { done: false, value: queue.shift() as TChunk };
    },
    async return(): Promise<IteratorResult<TChunk>> {
      await close();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
