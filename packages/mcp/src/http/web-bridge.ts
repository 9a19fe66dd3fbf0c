import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A Web `Request` of a `node:http` request, for the SDK's Web-standard transport: its method, URL and
 * headers (the body is read by the handler and passed to the transport already parsed).
 * @param request - the node request
 * @returns the Web request
 */
export function webRequestOf(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const host = request.headers.host ?? 'localhost';
  return new Request(new URL(request.url ?? '/', `http://${host}`), { method: request.method ?? 'GET', headers });
}

/**
 * Sends a Web `Response` as the answer to a `node:http` request, streaming its body (server-sent
 * events are written as they come); when the client goes away first, the body is cancelled, which
 * tells the transport the stream is gone.
 * @param answer - the Web response
 * @param response - the node response
 */
export async function sendWebResponse(answer: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => (headers[name] = value));
  response.writeHead(answer.status, headers);
  const body = answer.body;
  if (body === null) {
    response.end();
    return;
  }
  response.flushHeaders();
  const reader = (body as ReadableStream<Uint8Array>).getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  response.once('close', cancel);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (!response.write(value)) await new Promise<void>((resolve) => response.once('drain', resolve).once('close', resolve));
      if (response.destroyed) break;
    }
  } catch {
    // The stream was cancelled (the client left) or failed: the response ends below.
  } finally {
    response.off('close', cancel);
    if (!response.writableEnded) response.end();
  }
}

/**
 * Reads a request's body as text, at most `limit` bytes.
 * @param request - the node request
 * @param limit - the largest body read
 * @returns the text, or undefined when the body is larger
 */
export async function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
