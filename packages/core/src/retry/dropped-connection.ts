/** Socket error codes of a connection refused, reset or cut under a request or its response (Node's and undici's). */
const droppedCodes: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * Whether an HTTP request failed because its connection did: refused or reset before a response
 * (Node's fetch rejects with `TypeError('fetch failed')`), or dropped while the body was read (the
 * response had arrived, so SDKs do not wrap it as a connection error: undici rejects the body with
 * `TypeError('terminated')`), the socket's code on the error or a cause (an SDK may wrap it once
 * more). Read by name and code, not `instanceof`: the error may come from another realm. Such a
 * failure may pass when the request is sent again.
 * @param error - what the request (or the reading of its body) threw
 * @returns true for a connection refused, reset or cut
 */
export function isDroppedConnection(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 6; depth++) {
    const { name, message, code } = current as { name?: unknown; message?: unknown; code?: unknown };
    if (typeof code === 'string' && droppedCodes.has(code)) return true;
    if (name === 'TypeError' && (message === 'terminated' || message === 'fetch failed')) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
