import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a {@link RecordingServer} received. */
export interface RecordedRequest {
  method: string;
  /** The request target exactly as sent (path and query, not normalised). */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local HTTP server that records every request and answers with `handler`, else 200 and a JSON echo
 * of the method and target. Its `url` uses `127.0.0.1`; `otherOriginUrl` names the same server as
 * `localhost`, another origin to a client.
 */
export class RecordingServer {
  readonly requests: RecordedRequest[] = [];
  private server?: Server;
  private port = 0;

  constructor(private readonly handler?: (request: RecordedRequest, response: ServerResponse) => boolean | void) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get otherOriginUrl(): string {
    return `http://localhost:${this.port}`;
  }

  async start(): Promise<this> {
    const server = createServer((request, response) => void this.answer(request, response));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const recorded = { method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
    this.requests.push(recorded);
    if (this.handler?.(recorded, response) === true) return;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ method: recorded.method, url: recorded.url }));
  }
}
