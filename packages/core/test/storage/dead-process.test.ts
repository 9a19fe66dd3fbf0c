import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { createInterface } from 'node:readline';
import { isDeadProcess, processStartMark } from '../../src/storage/dead-process';
import { mayBeRunning } from '../../src/agent/run/run-owner';

const linux = process.platform === 'linux';

function state(pid: number): string | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

/**
 * A zombie: a process that has exited but whose parent never waits for it, as a killed run's process
 * is when its parent is gone and the container's first process does not reap orphans.
 */
async function zombie(): Promise<{ pid: number; stop: () => void }> {
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => createInterface({ input: parent.stdout }).once('line', resolve));
  const pid = Number(line);
  const deadline = Date.now() + 10_000;
  while (state(pid) !== 'Z') {
    if (Date.now() > deadline) throw new Error(`process ${pid} did not become a zombie (state ${state(pid)})`);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { pid, stop: () => parent.kill('SIGKILL') };
}

(linux ? describe : describe.skip)('a run owner that has ended (Linux /proc)', () => {
  it('counts a zombie as ended: its run can be recovered at once', async () => {
    const { pid, stop } = await zombie();
    try {
      expect(isDeadProcess(pid)).toBe(true);
      expect(mayBeRunning({ pid, host: hostname(), token: 'a1' })).toBe(false);
    } finally {
      stop();
    }
  });

  it('counts a pid now naming a later process as ended, and a live owner as running', () => {
    const mark = processStartMark(process.pid);
    expect(mark).toMatch(/^\d+$/);
    expect(isDeadProcess(process.pid, mark)).toBe(false);
    expect(isDeadProcess(process.pid, `${mark}0`)).toBe(true);
    expect(mayBeRunning({ pid: process.ppid, host: hostname(), token: 'b2', since: processStartMark(process.ppid)! })).toBe(true);
    expect(mayBeRunning({ pid: process.ppid, host: hostname(), token: 'b2', since: '1' })).toBe(false);
  });
});
