import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { withFileLock, type FileLockOptions } from '../../src/storage/file-lock';

class LockTimeout extends Error {}
const options = (timeoutMs: number, staleMs: number): FileLockOptions => ({
  timeoutMs,
  staleMs,
  timeoutError: (lockPath, waitedMs) => new LockTimeout(`${lockPath} after ${waitedMs}`),
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

let dir: string;
let lock: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolcraft-lock-'));
  lock = join(dir, '.lock');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('withFileLock', () => {
  it('breaks at once a lock whose holder was a process of this host that has ended', async () => {
    writeFileSync(lock, `${await deadPid()} ${hostname()} 2026-01-01T00:00:00.000Z\n`);
    await expect(withFileLock(lock, options(2_000, 600_000), async () => 'ran')).resolves.toBe('ran');
    expect(existsSync(lock)).toBe(false);
  });

  it('does not break the fresh lock of a live process, nor one of another host, before it is stale', async () => {
    writeFileSync(lock, `${process.pid} ${hostname()} now\n`);
    await expect(withFileLock(lock, options(50, 600_000), async () => 'ran')).rejects.toThrow(LockTimeout);
    writeFileSync(lock, `${await deadPid()} another-host now\n`);
    await expect(withFileLock(lock, options(50, 600_000), async () => 'ran')).rejects.toThrow(`${lock} after 50`);
    expect(existsSync(lock)).toBe(true);
  });

  it('breaks a lock not refreshed for staleMs', async () => {
    writeFileSync(lock, 'written by an old toolcraft');
    await expect(withFileLock(lock, options(2_000, 0), async () => 'ran')).resolves.toBe('ran');
  });

  it('keeps the lock of a live holder that works longer than staleMs: the holder refreshes it', async () => {
    let release!: () => void;
    const holding = withFileLock(lock, options(1_000, 150), () => new Promise<void>((resolve) => (release = resolve)));
    while (release === undefined) await new Promise((resolve) => setImmediate(resolve));
    // The other writer waits four times staleMs and never breaks it.
    await expect(withFileLock(lock, options(600, 150), async () => 'stole it')).rejects.toThrow(LockTimeout);
    release();
    await holding;
    await expect(withFileLock(lock, options(600, 150), async () => 'next')).resolves.toBe('next');
  });

  it('lets one holder in at a time and removes the lock also when the work fails', async () => {
    let inside = 0;
    let most = 0;
    const work = async () => {
      most = Math.max(most, ++inside);
      await new Promise((resolve) => setImmediate(resolve));
      inside--;
    };
    await Promise.all(Array.from({ length: 8 }, () => withFileLock(lock, options(5_000, 5_000), work)));
    expect(most).toBe(1);
    await expect(withFileLock(lock, options(5_000, 5_000), () => Promise.reject(new Error('work failed')))).rejects.toThrow('work failed');
    expect(existsSync(lock)).toBe(false);
  });

  it('stops waiting when its signal aborts', async () => {
    writeFileSync(lock, `${process.pid} ${hostname()} now\n`);
    const controller = new AbortController();
    const waiting = withFileLock(lock, { ...options(60_000, 600_000), signal: controller.signal }, async () => 'ran');
    controller.abort(new Error('caller left'));
    await expect(waiting).rejects.toThrow('caller left');
  });

  it('lets one process in at a time when several processes break the same abandoned lock at once', async () => {
    // Each of six processes takes the lock 60 times and then leaves an abandoned lock (a dead pid of this
    // host) whenever it is free, so every taking races the others to break one; none may find another inside.
    const script = join(__dirname, '..', 'fixtures', 'file-lock-breaker.ts');
    const dead = String(await deadPid());
    const reports = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const child = spawn(process.execPath, ['--import', 'tsx', script, lock, dead, '60'], { stdio: ['ignore', 'pipe', 'inherit'] });
        const lines: string[] = [];
        createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
        const code = await new Promise((resolve) => child.on('exit', resolve));
        expect(code).toBe(0);
        return JSON.parse(lines[0]!) as { rounds: number; overlaps: number };
      }),
    );
    expect(reports).toEqual(Array.from({ length: 6 }, () => ({ rounds: 60, overlaps: 0 })));
    // No break claim is left behind.
    expect(readdirSync(dir).filter((name) => name.includes('.b-'))).toEqual([]);
  }, 120_000);
});
