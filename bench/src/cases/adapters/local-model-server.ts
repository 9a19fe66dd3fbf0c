import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the local server: a JSON body (status 200) in the provider's wire format. */
export interface WireAnswer {
  contentType?: string;
  body: string;
}

/** A local HTTP server answering model requests, for the adapter cases. */
export interface LocalModelServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Requests answered so far. */
  readonly requests: number;
  close(): Promise<void>;
}

/**
 * Starts a server on 127.0.0.1 (a free port) that reads each request's JSON body and answers with
 * what `answer` returns for it, as a provider would: the adapter cases time the adapter and its
 * official SDK over real HTTP (keep-alive connections, as the SDKs use), not a mock.
 * @param answer - the reply to a parsed request body
 * @returns the running server
 */
export async function startLocalModelServer(answer: (body: unknown) => WireAnswer): Promise<LocalModelServer> {
  let requests = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests++;
      const reply = answer(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
      response.writeHead(200, { 'content-type': reply.contentType ?? 'application/json', 'content-length': Buffer.byteLength(reply.body) });
      response.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
