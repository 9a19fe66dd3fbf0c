import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the capture server received: its method, path (with query) and JSON body. */
export interface CapturedRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A local HTTP server (127.0.0.1, a free port) that records every request body and answers each
 * with a JSON reply: enough for a model adapter's SDK to finish one request, so the exact body it
 * sent can be compared with a snapshot.
 */
export class CaptureServer {
  /** Every request, in order. */
  readonly requests: CapturedRequest[] = [];
  private server?: Server;

  /** @param reply - the JSON every request is answered with (status 200) */
  constructor(private readonly reply: (request: CapturedRequest) => unknown) {}

  /** @returns the base URL (`http://127.0.0.1:port`) once listening */
  async start(): Promise<string> {
    const server = createServer((request, response) => void this.answer(request, response));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** @returns when the server is closed */
  async close(): Promise<void> {
    const { server } = this;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const captured: CapturedRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
    };
    this.requests.push(captured);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(this.reply(captured)));
  }
}
