import type { ServerResponse } from 'node:http';

/**
 * Answers an HTTP request with a JSON-RPC error object (id null: the request was not read), unless
 * an answer has already started, in which case the response is ended.
 * @param response - the response
 * @param status - the HTTP status
 * @param code - the JSON-RPC error code
 * @param message - what was wrong
 * @param headers - extra headers (`Allow`)
 */
export function sendJsonRpcError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  if (response.headersSent) {
    if (!response.writableEnded) response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
