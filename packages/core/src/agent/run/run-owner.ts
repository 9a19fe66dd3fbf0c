import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { isDeadProcess, processStartMark } from '../../storage/dead-process.js';

/**
 * The process running a run, written into the run's checkpoints (as `owner`) while it runs (status
 * `'running'`), from the claim of a resumed run until it stops. A failed run's last checkpoint has
 * none: it can be recovered at once.
 * @internal
 */
export interface RunOwner {
  /** The process id. */
  pid: number;
  /** The host's name. */
  host: string;
  /** Names this running of the run (one process may run it again later). */
  token: string;
  /** When the process started, where the host can tell (Linux): a later process given the same pid is not the owner. */
  since?: string;
  /** When the run's time limit (`maxDurationMs`) ends it at the latest, in ms since the epoch; absent without one. */
  until?: number;
}

/** How long past its time limit an owner may still be writing its last checkpoint (and clocks of two hosts may differ). */
export const ownerGraceMs = 15_000;

/** The tokens of the runs this process is running now. */
const live = new Set<string>();

let ownStart: { mark: string | undefined } | undefined;

/** @returns this process's start mark, read once */
function ownStartMark(): string | undefined {
  ownStart ??= { mark: processStartMark(process.pid) };
  return ownStart.mark;
}

/**
 * @param remainingMs - the time left before the run's time limit (Infinity without one)
 * @returns a new owner for a run this process is starting to run (live until {@link releaseOwner})
 * @internal
 */
export function claimOwner(remainingMs: number): RunOwner {
  const token = randomBytes(8).toString('hex');
  live.add(token);
  const owner: RunOwner = { pid: process.pid, host: hostname(), token };
  const since = ownStartMark();
  if (since !== undefined) owner.since = since;
  if (Number.isFinite(remainingMs)) owner.until = Date.now() + remainingMs;
  return owner;
}

/**
 * The run has stopped in this process (it ended, failed or was refused).
 * @param owner - the owner {@link claimOwner} made
 * @internal
 */
export function releaseOwner(owner: RunOwner): void {
  live.delete(owner.token);
}

/**
 * The owner a checkpoint names while its run runs.
 * @param checkpoint - a stored checkpoint
 * @returns its owner when its status is `'running'` and it names a well-formed one
 * @internal
 */
export function runningOwner(checkpoint: Record<string, unknown>): RunOwner | undefined {
  if (checkpoint.status !== 'running') return undefined;
  const owner = checkpoint.owner as Partial<RunOwner> | null | undefined;
  if (typeof owner !== 'object' || owner === null) return undefined;
  const { pid, host, token, until, since } = owner;
  if (typeof pid !== 'number' || typeof host !== 'string' || typeof token !== 'string') return undefined;
  if (until !== undefined && typeof until !== 'number') return undefined;
  if (since !== undefined && typeof since !== 'string') return undefined;
  return { pid, host, token, ...(until === undefined ? {} : { until }), ...(since === undefined ? {} : { since }) };
}

/**
 * Whether the owner may still be running the run. It is known to have stopped when its time limit
 * (and {@link ownerGraceMs}) has passed, when it is this process and no longer runs it, or when it
 * was a process of this host that has ended (gone, a zombie waiting to be reaped, or its pid now
 * names a later process). An owner on another host, before its time limit, may be
 * running.
 * @param owner - a checkpoint's owner
 * @returns false when the owner is known to have stopped
 * @internal
 */
export function mayBeRunning(owner: RunOwner): boolean {
  if (owner.until !== undefined && Date.now() > owner.until + ownerGraceMs) return false;
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid) return live.has(owner.token);
  return !isDeadProcess(owner.pid, owner.since);
}
