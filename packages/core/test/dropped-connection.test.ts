import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isDroppedConnection } from '../src/internal.js';

describe('isDroppedConnection', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // Sends half of a JSON body it announced whole, then drops the connection.
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"answer":', () => response.socket?.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is true for a body cut while Node’s fetch reads it (the response had arrived)', async () => {
    const response = await fetch(url);
    const error: unknown = await response.text().catch((reason: unknown) => reason);
    expect(error).toBeDefined();
    expect(isDroppedConnection(error)).toBe(true);
  });

  it('is true for a connection refused before any response', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error: unknown = await fetch(`http://127.0.0.1:${port}`).catch((reason: unknown) => reason);
    expect(isDroppedConnection(error)).toBe(true);
  });

  it('finds the socket code on a cause an SDK wrapped, and is false for other failures', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(isDroppedConnection(new Error('request failed', { cause: new Error('wrapped', { cause: reset }) }))).toBe(true);
    expect(isDroppedConnection(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDroppedConnection(Object.assign(new Error('Bad request'), { status: 400 }))).toBe(false);
    expect(isDroppedConnection('ECONNRESET')).toBe(false);
    expect(isDroppedConnection(undefined)).toBe(false);
  });
});
