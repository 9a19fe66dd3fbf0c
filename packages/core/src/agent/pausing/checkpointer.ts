import type { CheckpointStore } from '../../checkpoints/checkpoint-store.js';
import { CheckpointSaveError } from '../../errors/checkpoint-save-error.js';
import type { RunStateData } from './run-state-data.js';

/** How long saving one checkpoint may take. */
export const checkpointSaveTimeoutMs = 10_000;

/**
 * Saves a run's checkpoints to its store, one at a time and in order: a save asked for while one is
 * under way waits for it, and saves asked for meanwhile are coalesced into one of the latest state.
 * Without a store every method is a no-op.
 * @internal
 */
export class Checkpointer {
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private failure: unknown;

  /**
   * @param store - the run's checkpoint store, if any
   * @param runId - the run's id
   * @param snapshot - the run's state as it stands now (a fresh object each time)
   */
  constructor(
    private readonly store: CheckpointStore | undefined,
    private readonly runId: string,
    private readonly snapshot: () => RunStateData,
  ) {}

  /** Whether the run has a store. */
  get active(): boolean {
    return this.store !== undefined;
  }

  /**
   * Saves the run's state as it stands when the save starts.
   * @returns when that save (and every earlier one) is done
   * @throws CheckpointSaveError when it failed
   */
  async save(): Promise<void> {
    if (this.store === undefined) return;
    this.schedule();
    await this.chain;
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
    this.chain = this.chain.then(() => {
      this.queued = false;
      return this.write();
    });
  }

  private async write(): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`saving took longer than ${checkpointSaveTimeoutMs} ms`)), checkpointSaveTimeoutMs);
    });
    try {
      const saving = Promise.resolve().then(() => this.store!.save(this.runId, this.snapshot() as unknown as Record<string, unknown>));
      saving.catch(() => undefined);
      await Promise.race([saving, timeout]);
      this.failure = undefined;
    } catch (error) {
      this.failure = error;
    } finally {
      clearTimeout(timer);
    }
  }
}
