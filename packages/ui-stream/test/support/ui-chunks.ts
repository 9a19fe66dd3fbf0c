import { readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from 'ai';

/**
 * Reads every chunk of a UI message stream, each checked against the AI SDK's own chunk schema.
 * @param stream - the stream
 * @returns the chunks
 */
export async function readChunks(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  const schema = uiMessageChunkSchema();
  for await (const chunk of stream) {
    const checked = await schema.validate!(chunk);
    if (!checked.success) throw new Error(`not a UI message chunk: ${JSON.stringify(chunk)}: ${String(checked.error)}`);
    chunks.push(chunk);
  }
  return chunks;
}

/**
 * The assistant message the AI SDK's reader builds from chunks (what `useChat` shows).
 * @param chunks - the chunks
 * @param message - the message to continue (a resumed run)
 * @returns the last state of the message, and the errors the reader reported
 */
export async function readMessage(
  chunks: readonly UIMessageChunk[],
  message?: UIMessage,
): Promise<{ message: UIMessage; errors: Error[] }> {
  const errors: Error[] = [];
  let last: UIMessage | undefined;
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  for await (const state of readUIMessageStream({
    stream,
    ...(message === undefined ? {} : { message }),
    onError: (error) => errors.push(error as Error),
  }))
    last = state;
  if (last === undefined) throw new Error('the reader built no message');
  return { message: structuredClone(last), errors };
}

/**
 * The errors the AI SDK's reader reports for chunks (what `useChat`'s `onError` receives).
 * @param chunks - the chunks
 * @returns the errors
 */
export async function readErrors(chunks: readonly UIMessageChunk[]): Promise<Error[]> {
  const errors: Error[] = [];
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  for await (const state of readUIMessageStream({ stream, onError: (error) => errors.push(error as Error) })) void state;
  return errors;
}

/** A UI message part of a tool call, by call id. */
export function toolPart(message: UIMessage, callId: string): Record<string, unknown> {
  const part = message.parts.find((candidate) => 'toolCallId' in candidate && candidate.toolCallId === callId);
  if (part === undefined) throw new Error(`no part for ${callId} in ${JSON.stringify(message.parts)}`);
  return part as unknown as Record<string, unknown>;
}
