import { describeNetworkError } from './describe-network-error.js';

/** One request of an operation, its credentials apart from the rest. */
export interface OutgoingRequest {
  /** `METHOD /path` of the operation, for errors. */
  operation: string;
  method: string;
  url: string;
  /** Headers sent wherever the request goes (`accept`, `content-type`, the operation's header parameters). */
  headers: Readonly<Record<string, string>>;
  /** Headers sent only to the operation's own server (origin): the `headers` option, auth headers and cookies. */
  credentialHeaders: Readonly<Record<string, string>>;
  body?: string;
}

/** The most redirects followed, as browsers and `fetch` do. */
const maxRedirects = 20;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * Sends a request and follows its redirects itself (`redirect: 'manual'`), so credentials reach only
 * the operation's own origin: a redirect to another origin (scheme, host or port) is followed without
 * the credential headers (API keys, `Authorization`, cookies, the `headers` option). A 303, or a 301
 * or 302 answering a POST, continues as a GET without the body, as `fetch` does. A request that gets
 * no answer fails with the cause (`fetch failed: other side closed (UND_ERR_SOCKET)`).
 * @param send - the `fetch` to use
 * @param request - the request
 * @param signal - aborts it
 * @returns the final response
 * @throws Error for the model when the request fails, or redirects more than 20 times
 */
export async function sendRequest(send: typeof fetch, request: OutgoingRequest, signal: AbortSignal): Promise<Response> {
  const origin = new URL(request.url).origin;
  let { method, url, body } = request;
  let headers: Record<string, string> = { ...request.headers };
  for (let redirects = 0; ; redirects++) {
    const sameOrigin = new URL(url).origin === origin;
    let response: Response;
    try {
      response = await send(url, {
        method,
        headers: sameOrigin ? { ...headers, ...request.credentialHeaders } : headers,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new Error(`${request.operation}: the request to ${new URL(url).origin} failed: ${describeNetworkError(error)}`, {
        cause: error,
      });
    }
    const location = response.headers.get('location');
    if (!redirectStatuses.has(response.status) || location === null) return response;
    await response.body?.cancel();
    if (redirects === maxRedirects)
      throw new Error(`${request.operation}: the server redirected more than ${maxRedirects} times (the last time to ${location}).`);
    const next = new URL(location, url);
    if (next.protocol !== 'http:' && next.protocol !== 'https:')
      throw new Error(`${request.operation}: the server redirected to ${next.protocol} URL, which is not followed.`);
    url = next.href;
    if (response.status === 303 ? method !== 'HEAD' : response.status <= 302 && method === 'POST') {
      method = 'GET';
      body = undefined;
      headers = { ...headers };
      delete headers['content-type'];
    }
  }
}
