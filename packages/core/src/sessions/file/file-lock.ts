import { randomBytes } from 'node:crypto';
import { link, mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SessionLockTimeoutError } from '../../errors/session-lock-timeout-error.js';
import { backoffDelay } from '../../retry/backoff.js';

/** The lock's backoff: from 2 ms, doubling, never more than 50 ms between two tries (full jitter, at least 1 ms). */
const lockBackoff = { baseDelayMs: 2, maxDelayMs: 50 };

/** How long a lock may be waited for and when a lock is considered abandoned. */
export interface FileLockOptions {
  /** Give up after this long, in ms. */
  timeoutMs: number;
  /** A lock file older than this, in ms, belongs to a crashed writer and is broken. */
  staleMs: number;
  /** Stops waiting when aborted. */
  signal?: AbortSignal;
}

/**
 * Runs `work` while holding a lock file (created with `O_EXCL`, so exactly one process holds it),
 * waiting with jittered backoff while another process holds it; the lock is removed afterwards,
 * also when `work` fails.
 * @param lockPath - the lock file
 * @param options - time limit, stale age, signal
 * @param work - what to do under the lock
 * @returns what `work` returns
 * @throws SessionLockTimeoutError when the lock could not be taken in time
 */
export async function withFileLock<T>(lockPath: string, options: FileLockOptions, work: () => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  await mkdir(dirname(lockPath), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    if (await tryLock(lockPath)) break;
    await breakIfStale(lockPath, options.staleMs);
    if (Date.now() - startedAt >= options.timeoutMs) throw new SessionLockTimeoutError(lockPath, options.timeoutMs);
    options.signal?.throwIfAborted();
    const delayMs = 1 + backoffDelay(attempt, lockBackoff, Math.random);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  try {
    return await work();
  } finally {
    await unlink(lockPath).catch(() => undefined);
  }
}

async function tryLock(lockPath: string): Promise<boolean> {
  try {
    const handle = await open(lockPath, 'wx');
    await handle.writeFile(`${process.pid} ${new Date().toISOString()}\n`).finally(() => handle.close());
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

async function breakIfStale(lockPath: string, staleMs: number): Promise<void> {
  const age = await ageOf(lockPath);
  if (age === undefined || age < staleMs) return;
  // Moved aside first: of two processes breaking it, one rename wins; a fresh lock taken meanwhile is put back.
  const aside = `${lockPath}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(lockPath, aside);
  } catch {
    return;
  }
  const movedAge = await ageOf(aside);
  if (movedAge !== undefined && movedAge < staleMs) await link(aside, lockPath).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
}

async function ageOf(path: string): Promise<number | undefined> {
  try {
    return Date.now() - (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}
