import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A private `redis-server` on a free port, without persistence, that a test stops and starts again
 * (to see what a store does when Redis restarts mid-run).
 */
export class OwnRedisServer {
  private process: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  /** The server's URL. */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /**
   * Starts a server on a free port and waits until it is ready.
   * @returns the running server
   */
  static async start(): Promise<OwnRedisServer> {
    const server = new OwnRedisServer(await freePort());
    await server.restart();
    return server;
  }

  /** Starts the server again (on the same port) and waits until it is ready. */
  async restart(): Promise<void> {
    if (this.process !== undefined) throw new Error('the test server is already running');
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    this.process = child;
    await untilReady(child, this.port);
  }

  /** Kills the server (SIGKILL: no goodbye to its clients) and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.process;
    if (child === undefined) return;
    this.process = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/**
 * Waits until the server logs that it accepts connections (its own word, read from its stdout), at
 * most 5 s; fails when it exits first.
 */
function untilReady(child: ChildProcess, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      child.off('exit', onExit);
      child.stdout!.resume(); // keep draining its log so it never blocks on a full pipe
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) finish();
    };
    const onExit = (code: number | null) =>
      finish(new Error(`redis-server on port ${port} exited (${code}) before it was ready:\n${output}`));
    const timer = setTimeout(() => finish(new Error(`redis-server on port ${port} was not ready within 5 s:\n${output}`)), 5_000);
    child.stdout!.on('data', onData);
    child.once('exit', onExit);
  });
}
