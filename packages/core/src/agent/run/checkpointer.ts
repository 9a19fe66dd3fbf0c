import type { CheckpointStore } from '../../checkpoints/checkpoint-store.js';
import { readCheckpointVersion } from '../../checkpoints/checkpoint-version.js';
import { CheckpointSaveError } from '../../errors/checkpoint-save-error.js';
import { CheckpointConflictError } from '../../errors/checkpoint-conflict-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { InvalidRunOptionsError } from '../../errors/invalid-run-options-error.js';
import type { RunRecord } from './run-record.js';
import { claimOwner, releaseOwner, type RunOwner } from './run-owner.js';

/** How long a run waits for one checkpoint save. */
export const checkpointSaveTimeoutMs = 10_000;

const ignore = (): void => undefined;

/** Whether a store's error is a conflict; a value that cannot even be inspected (a hostile Proxy) is a plain failure. */
function isConflict(error: unknown): error is CheckpointConflictError {
  try {
    return CheckpointConflictError.isInstance(error);
  } catch {
    return false;
  }
}

/**
 * Saves a run's checkpoints to its store strictly one after another, in order: a save starts only
 * when the one before it has settled (even one the run stopped waiting for), so a slow save can never
 * land after, and overwrite, a newer checkpoint. Saves asked for while one is under way are coalesced
 * into one of the latest state. A caller waits at most {@link checkpointSaveTimeoutMs}, and not past
 * the run's signal. Without a store every method is a no-op.
 *
 * Every save is a compare-and-set on the version the run last read or wrote (`record.checkpointVersion`;
 * 0 for a run never saved): a save refused because another process moved the run on is final, the
 * run has lost it, and every later save rejects with that `CheckpointConflictError` (never wrapped),
 * so the run stops before it runs anything more.
 *
 * While the run runs (status `'running'`, and from the claim of a resumed run on), each checkpoint
 * names this process as its owner (`owner`: pid, host, a token, the end of the run's time limit), so
 * another process resuming or recovering it meanwhile is refused (see `RunInProgressError`); once the
 * run has stopped here ({@link Checkpointer.release}) checkpoints name none.
 * @internal
 */
export class Checkpointer {
  /** The saves under way, in order (none before the first). */
  private chain: Promise<void> | undefined;
  private queued = false;
  private failure: unknown;
  private conflict: Error | undefined;
  private owner: RunOwner | undefined;
  private released = false;
  private claiming = false;

  /**
   * @param store - the run's checkpoint store, if any
   * @param runId - the run's id
   * @param snapshot - the run's state as it stands now (a fresh object each time)
   * @param signal - the run's signal: waiting for a save stops when it aborts
   * @param record - the run's record: its `checkpointVersion` is the version each save expects, and then the one written
   * @param remainingMs - the time left before the run's time limit (the owner's `until`)
   */
  constructor(
    private readonly store: CheckpointStore | undefined,
    private readonly runId: string,
    private readonly snapshot: () => RunRecord,
    private readonly signal: AbortSignal,
    private readonly record: RunRecord,
    private readonly remainingMs: () => number = () => Number.POSITIVE_INFINITY,
  ) {}

  /**
   * A resumed run claims the run: saves its state marked running and owned by this process (a
   * compare-and-set on the checkpoint it read), and waits for it.
   * @throws as {@link Checkpointer.save}
   */
  claim(): Promise<void> {
    this.claiming = true;
    return this.save();
  }

  /** The run has stopped in this process (ended, failed, refused): later checkpoints name no owner. */
  release(): void {
    this.released = true;
    if (this.owner !== undefined) releaseOwner(this.owner);
  }

  /** Whether the run has a store. */
  get active(): boolean {
    return this.store !== undefined;
  }

  /**
   * Saves the run's state as it stands when the save starts, and waits for it.
   * @returns when that save (and every earlier one) is done
   * @throws CheckpointSaveError when it failed or took too long; CheckpointConflictError when another process moved the run on; the signal's reason when the run was aborted meanwhile
   */
  async save(): Promise<void> {
    if (this.store === undefined) return;
    const lost = this.conflict;
    if (lost !== undefined) throw lost;
    this.schedule();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onAbort: (() => void) | undefined;
    const { signal } = this;
    const waited = new Promise<void>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new CheckpointSaveError(this.runId, new Error(`saving took longer than ${checkpointSaveTimeoutMs} ms`))),
        checkpointSaveTimeoutMs,
      );
      onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      this.chain!.then(resolve, resolve);
    });
    try {
      await waited;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort!);
    }
    const { conflict } = this;
    if (conflict !== undefined) throw conflict;
    if (this.failure !== undefined) {
      const failure = this.failure;
      this.failure = undefined;
      throw new CheckpointSaveError(this.runId, failure);
    }
  }

  /** Saves soon, without waiting (a result just arrived); a failure is thrown by the next `save()` unless that save succeeds. */
  saveSoon(): void {
    if (this.store !== undefined) this.schedule();
  }

  private schedule(): void {
    if (this.queued) return;
    this.queued = true;
    const next = (): Promise<void> => {
      this.queued = false;
      return this.write();
    };
    // Also after a write that rejected: one failed save never stops the saves after it.
    this.chain = (this.chain ?? Promise.resolve()).then(next, next);
    this.chain.catch(ignore);
  }

  /** Whether a save was refused because another process moved the run on. */
  get lost(): boolean {
    return this.conflict !== undefined;
  }

  private async write(): Promise<void> {
    if (this.conflict !== undefined) return;
    const { record } = this;
    try {
      const version: unknown = await this.store!.save(this.runId, this.ownedSnapshot(), {
        expectedVersion: record.checkpointVersion ?? 0,
      });
      const written = readCheckpointVersion(version);
      if (written === undefined) {
        this.failure = new TypeError(
          `the store's save answered ${describeValue(version)}; a CheckpointStore's save resolves with the version it wrote (a whole number, 1 or more)`,
        );
        return;
      }
      record.checkpointVersion = written;
      this.failure = undefined;
    } catch (error) {
      // Never rejects: a write that failed is this.failure (the next save() throws it), so no save fails silently.
      try {
        this.refused(error);
      } catch {
        this.failure = error;
      }
    }
  }

  private refused(error: unknown): void {
    const { record } = this;
    if (!isConflict(error)) this.failure = error;
    else if (record.checkpointVersion === undefined && error.expectedVersion === 0)
      // A new run whose id already has a checkpoint: not a race, a reused id.
      this.conflict = new InvalidRunOptionsError(
        'runId',
        this.runId,
        `an id with no checkpoint in the store yet (this one has one, at version ${error.actualVersion}: continue that run with agent.recover(runId, { checkpoints }), or choose another id)`,
      );
    else this.conflict = error;
  }

  /** The run's state as saved: marked running while claiming, and naming its owner while it runs here. */
  private ownedSnapshot(): Record<string, unknown> {
    const snapshot = this.snapshot() as RunRecord & { owner?: RunOwner };
    if (this.claiming) {
      snapshot.status = 'running';
      this.claiming = false;
    }
    // A state read from a checkpoint may carry that checkpoint's owner: never saved again.
    delete snapshot.owner;
    if (snapshot.status === 'running' && !this.released) snapshot.owner = this.owner ??= claimOwner(this.remainingMs());
    return snapshot as unknown as Record<string, unknown>;
  }
}
