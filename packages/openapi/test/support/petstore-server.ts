import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received. */
export interface PetstoreRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local server implementing the Swagger Petstore's pet and store operations (the OpenAPI 3.0
 * `petstore.yaml`): pets kept in memory, `api_key` and bearer auth checked as the spec says.
 */
export class PetstoreServer {
  readonly requests: PetstoreRequest[] = [];
  readonly pets = new Map<number, Record<string, unknown>>();
  /** Closed connections of requests that were still being answered (an aborted request). */
  aborted = 0;
  /** When set, requests to this path hang. */
  hangOn?: string;
  private server?: Server;

  async start(): Promise<string> {
    const server = createServer((request, response) => void this.answer(request, response));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    this.requests.push({ method: request.method!, url: request.url!, headers: request.headers, body });
    const url = new URL(request.url!, 'http://x');
    const path = url.pathname.replace(/^\/v2/, '');
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (this.hangOn !== undefined && path.startsWith(this.hangOn)) {
      response.on('close', () => (response.writableEnded ? undefined : this.aborted++));
      return;
    }
    const bearer = request.headers.authorization === 'Bearer pet-token';
    if (request.method === 'POST' && path === '/pet') {
      if (!bearer) return json(401, { message: 'petstore_auth required' });
      // The pet's id is read-only in the spec: the server gives it.
      const pet = { id: 7 + this.pets.size, ...(JSON.parse(body) as Record<string, unknown>) };
      this.pets.set(pet.id, pet);
      return json(200, pet);
    }
    const byId = /^\/pet\/(\d+)$/.exec(path);
    if (request.method === 'GET' && byId) {
      if (request.headers.api_key !== 'special-key') return json(401, { message: 'api_key required' });
      const pet = this.pets.get(Number(byId[1]));
      return pet ? json(200, pet) : json(404, { code: 1, type: 'error', message: 'Pet not found' });
    }
    if (request.method === 'GET' && path === '/pet/findByStatus') {
      const statuses = url.searchParams.getAll('status');
      return json(
        200,
        [...this.pets.values()].filter((pet) => statuses.includes(String(pet.status))),
      );
    }
    if (request.method === 'GET' && path === '/store/inventory') return json(200, { available: 'x'.repeat(5_000) });
    return json(404, { message: `no route ${request.method} ${path}` });
  }
}
