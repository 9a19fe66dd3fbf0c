import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpHttpHandler } from '@toolcraft/mcp';

/** A node:http server on 127.0.0.1 and a random port, serving a handler. */
export async function listen(handler: McpHttpHandler): Promise<{ server: Server; url: URL; close: () => Promise<void> }> {
  const server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A raw HTTP request, headers and body as given, for what no well-behaved client sends. */
export function rawRequest(
  url: URL,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'POST', headers: options.headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** The headers a Streamable HTTP client sends with a POST. */
export const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
