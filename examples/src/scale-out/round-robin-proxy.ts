import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A tiny load balancer for the scale-out example: each HTTP request goes to the next upstream in
 * turn (round robin), its response (JSON or an SSE stream) piped back. Since the MCP HTTP handler is
 * stateless, any instance can answer any request, so nothing sticky is needed.
 */
export class RoundRobinProxy {
  /** The JSON-RPC methods each upstream was sent, by its port (`'GET'` etc. for a request without a JSON body). */
  readonly served = new Map<number, string[]>();
  private next = 0;
  private readonly server: Server;

  /** @param upstreamPorts - the instances' ports on 127.0.0.1 */
  constructor(private readonly upstreamPorts: readonly number[]) {
    this.server = createServer((incoming, outgoing) => this.forward(incoming, outgoing));
  }

  /**
   * Listens on a free port of 127.0.0.1.
   * @returns the proxy's port
   */
  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as { port: number }).port;
  }

  /** Stops listening. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(incoming: IncomingMessage, outgoing: ServerResponse): void {
    const port = this.upstreamPorts[this.next++ % this.upstreamPorts.length]!;
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => this.record(port, incoming.method ?? '?', Buffer.concat(chunks).toString()));
    const upstream = request(
      { host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: `127.0.0.1:${port}` } },
      (response) => {
        outgoing.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(outgoing);
      },
    );
    upstream.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`upstream 127.0.0.1:${port} failed: ${error.message}`);
    });
    incoming.pipe(upstream);
  }

  private record(port: number, httpMethod: string, body: string): void {
    let method = httpMethod;
    try {
      const message = JSON.parse(body) as { method?: unknown };
      if (typeof message.method === 'string') method = message.method;
    } catch {
      // not JSON: keep the HTTP method
    }
    this.served.set(port, [...(this.served.get(port) ?? []), method]);
  }
}
