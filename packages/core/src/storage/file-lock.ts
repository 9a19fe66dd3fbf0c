import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { backoffDelay } from '../retry/backoff.js';

/** The lock's backoff: from 2 ms, doubling, never more than 50 ms between two tries (full jitter, at least 1 ms). */
const lockBackoff = { baseDelayMs: 2, maxDelayMs: 50 };

/** How long a lock may be waited for and when a lock is considered abandoned. */
export interface FileLockOptions {
  /** Give up after this long, in ms. */
  timeoutMs: number;
  /**
   * A lock file not refreshed for this long, in ms, belongs to a crashed writer and is broken. The
   * holder refreshes it (its modification time) every third of this while it works, so a slow but
   * live holder keeps its lock. Keep it below `timeoutMs`, so a crashed holder is broken before the
   * writers waiting for it give up.
   */
  staleMs: number;
  /** Stops waiting when aborted. */
  signal?: AbortSignal;
  /** The error thrown when the lock could not be taken within `timeoutMs`. */
  timeoutError: (lockPath: string, waitedMs: number) => Error;
}

/**
 * Runs `work` while holding a lock file (created with `O_EXCL`, so exactly one process holds it),
 * waiting with jittered backoff while another process holds it; the lock is removed afterwards,
 * also when `work` fails. The lock file names its holder (`<pid> <host> <time>`): a lock whose
 * holder was a process of this host that no longer exists is broken at once, any other one once it
 * is `staleMs` old (the holder keeps it fresh while it works).
 * @param lockPath - the lock file
 * @param options - time limit, stale age, signal, timeout error
 * @param work - what to do under the lock
 * @returns what `work` returns
 * @throws what `options.timeoutError` makes when the lock could not be taken in time; the signal's reason when it aborted
 */
export async function withFileLock<T>(lockPath: string, options: FileLockOptions, work: () => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  await mkdir(dirname(lockPath), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    options.signal?.throwIfAborted();
    if (await tryLock(lockPath)) break;
    if (await breakIfAbandoned(lockPath, options.staleMs)) continue;
    if (Date.now() - startedAt >= options.timeoutMs) throw options.timeoutError(lockPath, options.timeoutMs);
    const delayMs = 1 + backoffDelay(attempt, lockBackoff, Math.random);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  const refresh = setInterval(
    () => {
      const now = new Date();
      utimes(lockPath, now, now).catch(() => undefined);
    },
    Math.max(1, Math.floor(options.staleMs / 3)),
  );
  refresh.unref();
  try {
    return await work();
  } finally {
    clearInterval(refresh);
    await unlink(lockPath).catch(() => undefined);
  }
}

async function tryLock(lockPath: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(`${process.pid} ${hostname()} ${new Date().toISOString()}\n`);
  } finally {
    await handle.close();
  }
  return true;
}

/** @returns true when the lock was abandoned and has been removed (the caller tries again at once) */
async function breakIfAbandoned(lockPath: string, staleMs: number): Promise<boolean> {
  if (!(await isAbandoned(lockPath, staleMs))) return false;
  // Moved aside first: of two processes breaking it, one rename wins; a live lock taken meanwhile is put back.
  const aside = `${lockPath}.stale-${randomBytes(6).toString('hex')}`;
  try {
    await rename(lockPath, aside);
  } catch {
    return true;
  }
  if (!(await isAbandoned(aside, staleMs))) await link(aside, lockPath).catch(() => undefined);
  await unlink(aside).catch(() => undefined);
  return true;
}

async function isAbandoned(path: string, staleMs: number): Promise<boolean> {
  let modifiedAt: number;
  let text: string;
  try {
    modifiedAt = (await stat(path)).mtimeMs;
    text = await readFile(path, 'utf8');
  } catch {
    return false;
  }
  if (Date.now() - modifiedAt >= staleMs) return true;
  const [pid, host] = text.split(' ');
  return host === hostname() && isDeadProcess(Number(pid));
}

function isDeadProcess(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
