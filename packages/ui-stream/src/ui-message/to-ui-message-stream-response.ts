import type { UIMessageChunk } from 'ai';
import type { AgentEvent } from '@toolcraft/core';
import { toUIMessageStream } from './to-ui-message-stream.js';
import type { UIMessageStreamOptions } from './ui-message-stream-options.js';

/** The headers of a UI message stream response (the AI SDK's `UI_MESSAGE_STREAM_HEADERS`). */
export const uiMessageStreamHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
});

/** Options of {@link toUIMessageStreamResponse}: the stream's, and the response's status and extra headers. */
export interface UIMessageStreamResponseOptions extends UIMessageStreamOptions {
  /** The HTTP status; default 200. */
  status?: number;
  /** More headers (they win over the stream's). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * A fetch `Response` that streams a run to `useChat`: its UI message stream as server-sent events
 * (`data: <chunk JSON>`, then `data: [DONE]`), with the AI SDK's headers. For fetch-style servers
 * (Next.js route handlers, Hono, Remix, Deno, Bun). Cancelling the body cancels the run.
 * @param events - the run's events (`agent.stream(...)`), or a stream from {@link toUIMessageStream}
 * @param options - the stream's options, the status and extra headers
 * @returns the response
 * @example
 * export async function POST(request: Request) {
 *   const { messages } = await request.json();
 *   return toUIMessageStreamResponse(agent.stream(lastUserText(messages), { signal: request.signal }));
 * }
 */
export function toUIMessageStreamResponse(
  events: AsyncIterable<AgentEvent> | ReadableStream<UIMessageChunk>,
  options: UIMessageStreamResponseOptions = {},
): Response {
  const { status, headers, ...streamOptions } = options;
  const chunks = events instanceof ReadableStream ? events : toUIMessageStream(events, streamOptions);
  const encoder = new TextEncoder();
  const body = chunks.pipeThrough(
    new TransformStream<UIMessageChunk, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(encoder.encode(`data: ${JSON.stringify(chunk)}\n\n`));
      },
      flush(controller) {
        controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      },
    }),
  );
  return new Response(body, { status: status ?? 200, headers: { ...uiMessageStreamHeaders, ...headers } });
}
