import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

/**
 * A TypeScript script of the repository running in its own Node process, with tsx loaded in that process
 * (`node --import tsx`, not tsx's CLI, which runs the script in a second process that a kill would miss),
 * the packages mapped to their sources as in the tests.
 */
export class ScriptProcess {
  private output = '';
  private readonly waiters: Array<{ line: string; resolve: () => void }> = [];
  readonly exited: Promise<number | null>;

  private constructor(readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
      for (const waiter of [...this.waiters]) if (this.lines().includes(waiter.line)) this.settle(waiter);
    });
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /**
   * Starts a script.
   * @param script - its path from the repository root
   * @param environment - variables for it
   * @returns the running process
   */
  static start(script: string, environment: Record<string, string>): ScriptProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { ...process.env, ...environment, TSX_TSCONFIG_PATH: 'tsconfig.check.json' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return new ScriptProcess(child);
  }

  /** Every line the process wrote to stdout so far. */
  lines(): string[] {
    return this.output.split('\n').filter((line) => line !== '');
  }

  /**
   * Waits until the process writes a line.
   * @param line - the line
   * @returns when it is written; rejects if the process exits first
   */
  waitForLine(line: string): Promise<void> {
    if (this.lines().includes(line)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter = { line, resolve };
      this.waiters.push(waiter);
      void this.exited.then((code) => reject(new Error(`the process exited (${code}) before writing '${line}'; it wrote: ${this.output}`)));
    });
  }

  /** Kills the process at once (SIGKILL: no cleanup, as a crash) and waits until it is gone. */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  private settle(waiter: { line: string; resolve: () => void }): void {
    this.waiters.splice(this.waiters.indexOf(waiter), 1);
    waiter.resolve();
  }
}
