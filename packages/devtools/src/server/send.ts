import type { ServerResponse } from 'node:http';

/** Headers every answer carries: no sniffing, no framing, and a page that loads only its own files. */
const safetyHeaders = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'",
} as const;

/**
 * Sets the safety headers on a response.
 * @param response - the response
 * @internal
 */
export function setSafetyHeaders(response: ServerResponse): void {
  for (const [name, value] of Object.entries(safetyHeaders)) response.setHeader(name, value);
}

/**
 * Answers with JSON.
 * @param response - the response
 * @param status - the HTTP status
 * @param body - the JSON body
 * @internal
 */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}
