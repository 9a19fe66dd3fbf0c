import { type Server, type Socket, connect, createServer } from 'node:net';

/**
 * A TCP proxy in front of Redis that can lose one reply: once armed, it forwards the client's next
 * command to the server, then cuts the client's connection instead of passing the server's reply
 * back. The command ran; the client never heard so, reconnects and (ioredis's default) sends it
 * again. What a network failure at the worst moment does to a store.
 */
export class ReplyDroppingProxy {
  private armed = false;
  private beforeResend: (() => Promise<void>) | undefined;
  private gate: Promise<void> | undefined;
  private readonly sockets = new Set<Socket>();

  private readonly server: Server;
  private listeningPort = 0;

  private constructor(targetPort: number) {
    this.server = createServer((client) => this.pipe(client, targetPort));
  }

  /** The proxy's port. */
  get port(): number {
    return this.listeningPort;
  }

  /** The proxy's URL. */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /**
   * @param targetPort - the Redis server's port
   * @returns the listening proxy
   */
  static async start(targetPort: number): Promise<ReplyDroppingProxy> {
    const proxy = new ReplyDroppingProxy(targetPort);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    const address = proxy.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('no port');
    proxy.listeningPort = address.port;
    return proxy;
  }

  /**
   * Loses the reply to the next command sent after this call.
   * @param beforeResend - run once the reply is lost; connections made meanwhile (the client's
   *   reconnection, which sends the command again) pass nothing on until it is done
   */
  dropNextReply(beforeResend?: () => Promise<void>): void {
    this.armed = true;
    this.beforeResend = beforeResend;
  }

  /** Stops listening and cuts every connection. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pipe(client: Socket, targetPort: number): void {
    const upstream = connect(targetPort, '127.0.0.1');
    this.sockets.add(client).add(upstream);
    let dropping = false;
    if (this.gate !== undefined) {
      client.pause();
      void this.gate.then(() => client.resume());
    }
    client.on('data', (chunk) => {
      if (this.armed) {
        this.armed = false;
        dropping = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (dropping) {
        if (this.beforeResend !== undefined) {
          this.gate = this.beforeResend();
          this.beforeResend = undefined;
        }
        client.destroy();
        upstream.destroy();
      } else client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  }
}
