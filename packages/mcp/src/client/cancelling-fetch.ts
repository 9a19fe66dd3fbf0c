import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';

/** A JSON-RPC message as far as this module reads it. */
interface MessageLike {
  method?: unknown;
  id?: unknown;
  params?: { requestId?: unknown; reason?: unknown };
}

/**
 * A `fetch` for the SDK's Streamable HTTP client transport that makes a cancelled call stop on a
 * stateless server. The SDK cancels a request (its signal aborted, its time limit passed) by POSTing
 * `notifications/cancelled`; a stateless server (a fresh server per request, as `createMcpHttpHandler`)
 * answers that POST with a server that never saw the request, so the call would run on to its end.
 * What a stateless server does see is the HTTP exchange of the request ending: so every POST carrying
 * requests is tracked by their JSON-RPC ids until its response body ends, and a `notifications/cancelled`
 * for one of them aborts that exchange (the notification is still sent, for servers with sessions).
 * @param base - the fetch to call; default the global `fetch`
 * @returns the fetch
 */
export function cancellingFetch(base: FetchLike = fetch): FetchLike {
  const open = new Map<string, AbortController>();
  return async (url, init) => {
    const messages = readMessages(init?.body);
    for (const message of messages) {
      if (message.method !== 'notifications/cancelled') continue;
      const requestId = keyOf(message.params?.requestId);
      const exchange = requestId === undefined ? undefined : open.get(requestId);
      if (requestId === undefined || exchange === undefined) continue;
      open.delete(requestId);
      const reason = message.params?.reason;
      exchange.abort(new Error(`the request was cancelled${typeof reason === 'string' ? `: ${reason}` : ''}`));
    }
    const ids = messages.flatMap((message) => {
      const key = typeof message.method === 'string' ? keyOf(message.id) : undefined;
      return key === undefined ? [] : [key];
    });
    if (ids.length === 0) return base(url, init);

    const exchange = new AbortController();
    const outer = init?.signal ?? undefined;
    const forward = () => exchange.abort(outer?.reason);
    if (outer?.aborted) forward();
    else outer?.addEventListener('abort', forward, { once: true });
    for (const id of ids) open.set(id, exchange);
    const done = () => {
      outer?.removeEventListener('abort', forward);
      for (const id of ids) if (open.get(id) === exchange) open.delete(id);
    };
    let response: Response;
    try {
      response = await base(url, { ...init, signal: exchange.signal });
    } catch (error) {
      done();
      throw error;
    }
    return untilBodyEnds(response, done);
  };
}

/** The messages of a POST body (a JSON-RPC message or a batch), or none when it is not one. */
function readMessages(body: unknown): MessageLike[] {
  if (typeof body !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(body);
    const list = Array.isArray(parsed) ? (parsed as unknown[]) : [parsed];
    return list.filter((message): message is MessageLike => typeof message === 'object' && message !== null);
  } catch {
    return [];
  }
}

function keyOf(id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' ? `${typeof id}:${id}` : undefined;
}

/**
 * The response, with `done` called once its body has been read to the end, failed or been cancelled
 * (at once when it has no body to read).
 */
function untilBodyEnds(response: Response, done: () => void): Response {
  const { body, status } = response;
  if (body === null || status < 200 || status >= 300 || status === 204 || status === 205) {
    done();
    return response;
  }
  const reader = (body as ReadableStream<Uint8Array>).getReader();
  const tracked = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done: ended } = await reader.read();
        if (ended) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  return new Response(tracked, { status, statusText: response.statusText, headers: response.headers });
}
