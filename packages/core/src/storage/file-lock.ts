import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, stat, unlink, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { backoffDelay } from '../retry/backoff.js';
import { isDeadProcess } from './dead-process.js';

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
 * also when `work` fails. The lock file names its holder and this taking of it
 * (`<pid> <host> <time> <token>`): a lock whose holder was a process of this host that no longer
 * exists is broken at once, any other one once it is `staleMs` old (the holder keeps it fresh while
 * it works).
 *
 * Breaking is one step even when several waiters see the same abandoned lock at once: a waiter first
 * takes the lock's break claim (`<lock>.b-<token>`, itself created with `O_EXCL`, so one waiter per
 * abandoned lock), then removes the lock only if it still holds that token. A waiter that saw the
 * abandoned lock late finds either the claim taken or another token in the lock, and removes nothing:
 * a live lock taken meanwhile is never broken. A claim left by a waiter that died while breaking is
 * broken the same way (its own claim), at most {@link maxBreakDepth} deep.
 * @param lockPath - the lock file
 * @param options - time limit, stale age, signal, timeout error
 * @param work - what to do under the lock
 * @returns what `work` returns
 * @throws what `options.timeoutError` makes when the lock could not be taken in time; the signal's reason when it aborted
 *   while waiting (a free lock is taken even with an aborted signal: a write that must happen after an abort still lands)
 */
export async function withFileLock<T>(lockPath: string, options: FileLockOptions, work: () => Promise<T>): Promise<T> {
  const startedAt = Date.now();
  await mkdir(dirname(lockPath), { recursive: true });
  let token: string | undefined;
  for (let attempt = 0; ; attempt++) {
    token = await tryLock(lockPath);
    if (token !== undefined) break;
    if (await breakIfAbandoned(lockPath, options.staleMs, 0)) continue;
    if (Date.now() - startedAt >= options.timeoutMs) throw options.timeoutError(lockPath, options.timeoutMs);
    options.signal?.throwIfAborted();
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
    await release(lockPath, token);
  }
}

/** How many claims deep a break goes (a claim whose breaker died is broken through its own claim). */
const maxBreakDepth = 2;

/** @returns the token written into the lock when it was taken; undefined when another process holds it */
async function tryLock(lockPath: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(lockPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  const token = randomBytes(6).toString('hex');
  try {
    await handle.writeFile(`${process.pid} ${hostname()} ${new Date().toISOString()} ${token}\n`);
  } finally {
    await handle.close();
  }
  return token;
}

/** Removes the lock when it is still this holder's (it was not broken meanwhile as stale). */
async function release(lockPath: string, token: string): Promise<void> {
  const held = await readLock(lockPath);
  if (held !== undefined && held.token !== token) return;
  await unlink(lockPath).catch(() => undefined);
}

/** A lock file as read: when it was last refreshed, its holder, and the token naming this taking of it. */
interface LockFile {
  modifiedAt: number;
  pid: number;
  host: string;
  /** The holder's token, or (for a lock without one: empty, or from an older toolcraft) its inode and age. */
  token: string;
}

async function readLock(path: string): Promise<LockFile | undefined> {
  try {
    const stats = await stat(path);
    const text = await readFile(path, 'utf8');
    const [pid, host, , token] = text.trim().split(' ');
    const named = token !== undefined && /^[0-9a-f]{12}$/.test(token);
    return {
      modifiedAt: stats.mtimeMs,
      pid: Number(pid),
      host: host ?? '',
      token: named ? token : `i${stats.ino}-${Math.floor(stats.birthtimeMs)}`,
    };
  } catch {
    return undefined;
  }
}

function isAbandoned(lock: LockFile, staleMs: number): boolean {
  if (Date.now() - lock.modifiedAt >= staleMs) return true;
  return lock.host === hostname() && isDeadProcess(lock.pid);
}

/**
 * Breaks the lock at `lockPath` when it is abandoned, through its break claim (see {@link withFileLock}).
 * @returns true when the caller should try the lock again at once (this waiter broke it, or it was gone)
 */
async function breakIfAbandoned(lockPath: string, staleMs: number, depth: number): Promise<boolean> {
  const seen = await readLock(lockPath);
  if (seen === undefined) return true;
  if (!isAbandoned(seen, staleMs)) return false;
  const claimPath = `${lockPath}.b-${seen.token}`;
  const claim = await tryLock(claimPath);
  if (claim === undefined) {
    // Another waiter is breaking it; when that waiter died while doing so, its claim is broken in turn.
    if (depth < maxBreakDepth) await breakIfAbandoned(claimPath, staleMs, depth + 1);
    return false;
  }
  try {
    // Only the claim's holder removes a lock holding this token, so this check and the unlink are one step.
    const now = await readLock(lockPath);
    if (now?.token === seen.token) await unlink(lockPath).catch(() => undefined);
  } finally {
    await release(claimPath, claim);
  }
  return true;
}
