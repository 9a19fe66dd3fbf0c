import { spawn } from 'node:child_process';
import { BoundedOutput } from './bounded-output.js';

/** How a command ended. */
export interface CommandOutcome {
  /** The exit code, or null when it was killed. */
  exitCode: number | null;
  /** Why it was killed (`'timeout'`, `'aborted'`), when it was. */
  killed?: 'timeout' | 'aborted';
  stdout: string;
  stderr: string;
  /** What the script wrote to its state pipe (fd 3), for persistent mode. */
  state: string;
}

/** What {@link runCommand} needs. */
export interface CommandOptions {
  shell: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  maxOutputChars: number;
  signal: AbortSignal;
}

/**
 * How long the output of a command that ended is still read while something that left its process
 * group (`setsid`, a daemon) holds the pipes open; then they are closed.
 */
const drainMs = 200;

/**
 * Runs a script in its own process group, output bounded. When the shell ends, what is left of its
 * group (background jobs) is killed; at the time limit or on abort the whole group is killed
 * (SIGKILL: a command that ignores SIGTERM dies too). The promise settles then, whatever the children
 * do: pipes still held open by a process that left the group are closed after a short drain. Never
 * rejects for the command's own failure: a spawn error is thrown.
 * @param script - the shell script
 * @param options - the shell, folder, environment, limits and signal
 * @returns how it ended
 */
export function runCommand(script: string, options: CommandOptions): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.shell, ['-c', script], {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    const stdout = new BoundedOutput(options.maxOutputChars);
    const stderr = new BoundedOutput(options.maxOutputChars);
    const statePipe = child.stdio[3] as NodeJS.ReadableStream & { destroy(): void };
    const pipes = [child.stdout!, child.stderr!, statePipe];
    let state = '';
    let killed: CommandOutcome['killed'];
    let exitCode: number | null = null;
    let settled = false;
    let drain: NodeJS.Timeout | undefined;

    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    };
    const cleanUp = () => {
      settled = true;
      clearTimeout(timer);
      clearTimeout(drain);
      options.signal.removeEventListener('abort', onAbort);
      for (const pipe of pipes) pipe.destroy();
    };
    const finish = () => {
      if (settled) return;
      cleanUp();
      resolve({
        exitCode: killed === undefined ? exitCode : null,
        ...(killed ? { killed } : {}),
        stdout: stdout.text(),
        stderr: stderr.text(),
        state,
      });
    };
    // One more turn of the event loop after the drain, so output already in the pipes is read first.
    const finishSoon = () => (drain ??= setTimeout(() => setImmediate(finish), drainMs));
    const stop = (why: 'timeout' | 'aborted') => {
      killed ??= why;
      killGroup();
      finishSoon();
    };
    const timer = setTimeout(() => stop('timeout'), options.timeoutMs);
    const onAbort = () => stop('aborted');
    if (options.signal.aborted) onAbort();
    else options.signal.addEventListener('abort', onAbort, { once: true });

    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
    statePipe.setEncoding('utf8');
    statePipe.on('data', (chunk: string) => {
      if (state.length < 1_000_000) state += chunk;
    });
    child.on('error', (error) => {
      if (settled) return;
      cleanUp();
      reject(error);
    });
    child.on('exit', (code) => {
      exitCode = code;
      // Children of the command that outlived it (background jobs) go with the group.
      killGroup();
      finishSoon();
    });
    child.on('close', finish);
  });
}
