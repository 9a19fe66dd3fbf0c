import type { AgentEvent } from '@toolcraft/core';
import type { AGUIEventsOptions } from './ag-ui-options.js';
import { toAGUIEvents } from './to-ag-ui-events.js';

/** Options of {@link toAGUIResponse}: the events', and the response's extra headers. */
export interface AGUIResponseOptions extends AGUIEventsOptions {
  /** More headers (they win over the stream's). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * A fetch `Response` that streams a run as AG-UI events over server-sent events (`data: <event
 * JSON>`), what AG-UI's `HttpAgent` reads. Cancelling the body cancels the run.
 * @param events - the run's events (`agent.stream(...)`)
 * @param options - the events' options and extra headers
 * @returns the response
 * @example
 * export async function POST(request: Request) {
 *   const input = (await request.json()) as RunAgentInput;
 *   return toAGUIResponse(agent.stream(lastUserText(input.messages), { signal: request.signal }), { threadId: input.threadId });
 * }
 */
export function toAGUIResponse(events: AsyncIterable<AgentEvent>, options: AGUIResponseOptions = {}): Response {
  const { headers, ...eventOptions } = options;
  const iterator = toAGUIEvents(events, eventOptions);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done === true) controller.close();
      else controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', ...headers },
  });
}
