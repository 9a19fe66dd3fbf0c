import { type ChildProcess, spawn } from 'node:child_process';
import type { DemoProcess } from './long-running-demo.js';

/**
 * Starts a Node process of the demo and follows its stdout line by line (stderr passes through).
 * @param nodeArguments - what follows `node`: the script (and e.g. `--import tsx` before it), then its arguments
 * @param environment - variables for it, on top of this process's
 * @param cwd - its working folder
 * @returns the process
 */
export function spawnDemoProcess(nodeArguments: string[], environment: Record<string, string>, cwd: string): DemoProcess {
  const child = spawn(process.execPath, nodeArguments, {
    cwd,
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new FollowedProcess(child);
}

class FollowedProcess implements DemoProcess {
  private readonly lines: string[] = [];
  private partial = '';
  private readonly waiters: Array<{ prefix: string; resolve: (line: string) => void }> = [];
  private readonly exited: Promise<void>;

  constructor(private readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => {
      const parts = (this.partial + chunk.toString()).split('\n');
      this.partial = parts.pop()!;
      for (const line of parts) this.receive(line);
    });
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  waitForLine(prefix: string): Promise<string> {
    const seen = this.lines.find((line) => line.startsWith(prefix));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      this.waiters.push({ prefix, resolve });
      void this.exited.then(() =>
        reject(
          new Error(
            `the process ended (${this.child.exitCode ?? this.child.signalCode}) before a line starting '${prefix}'; it wrote: ${this.lines.join(' | ')}`,
          ),
        ),
      );
    });
  }

  kill(): Promise<void> {
    return this.end('SIGKILL');
  }

  stop(): Promise<void> {
    return this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
  }

  private receive(line: string): void {
    this.lines.push(line);
    for (const waiter of [...this.waiters]) {
      if (!line.startsWith(waiter.prefix)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  }
}
