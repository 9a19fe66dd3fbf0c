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
 * Runs a script in its own process group, output bounded; at the time limit or on abort the whole
 * group is killed (SIGKILL: a command that ignores SIGTERM dies too). Never rejects for the command's
 * own failure: a spawn error is thrown.
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
    let state = '';
    let killed: CommandOutcome['killed'];
    const killGroup = (why: 'timeout' | 'aborted') => {
      killed ??= why;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    };
    const timer = setTimeout(() => killGroup('timeout'), options.timeoutMs);
    const onAbort = () => killGroup('aborted');
    if (options.signal.aborted) onAbort();
    else options.signal.addEventListener('abort', onAbort, { once: true });
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => stdout.push(chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
    const statePipe = child.stdio[3] as NodeJS.ReadableStream | null;
    statePipe?.setEncoding('utf8');
    statePipe?.on('data', (chunk: string) => {
      if (state.length < 1_000_000) state += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      // Children of the command that outlived it (background jobs) go with the group.
      if (killed === undefined && child.pid !== undefined)
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // No one left.
        }
      resolve({
        exitCode: killed === undefined ? code : null,
        ...(killed ? { killed } : {}),
        stdout: stdout.text(),
        stderr: stderr.text(),
        state,
      });
    });
  });
}
