import { CheckpointConflictError } from '../errors/checkpoint-conflict-error.js';
import type { CheckpointSaveOptions, CheckpointStore, StoredCheckpoint } from './checkpoint-store.js';

interface Entry {
  text: string;
  version: number;
}

/**
 * A {@link CheckpointStore} in this process's memory: for tests and for runs that only need to be
 * resumed in the same process. Each checkpoint is kept as JSON text, so a later change to the saved
 * object does not change the checkpoint, and `load` returns a fresh copy. A save checks and writes in
 * one synchronous step, so of two saves with the same `expectedVersion` exactly one wins.
 */
export class InMemoryCheckpointStore implements CheckpointStore {
  private readonly checkpoints = new Map<string, Entry>();

  /** @inheritDoc */
  save(runId: string, checkpoint: Readonly<Record<string, unknown>>, options: CheckpointSaveOptions = {}): Promise<number> {
    try {
      options.signal?.throwIfAborted();
      const text = JSON.stringify(checkpoint);
      const stored = this.checkpoints.get(runId)?.version ?? 0;
      if (options.expectedVersion !== undefined && options.expectedVersion !== stored)
        throw new CheckpointConflictError(runId, options.expectedVersion, stored);
      this.checkpoints.set(runId, { text, version: stored + 1 });
      return Promise.resolve(stored + 1);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new TypeError(String(error)));
    }
  }

  /** @inheritDoc */
  load(runId: string, options: { signal?: AbortSignal } = {}): Promise<StoredCheckpoint | undefined> {
    if (options.signal?.aborted) return Promise.reject(options.signal.reason as Error);
    const entry = this.checkpoints.get(runId);
    if (entry === undefined) return Promise.resolve(undefined);
    return Promise.resolve({ checkpoint: JSON.parse(entry.text) as Record<string, unknown>, version: entry.version });
  }

  /** @inheritDoc */
  delete(runId: string): Promise<void> {
    this.checkpoints.delete(runId);
    return Promise.resolve();
  }

  /** The ids of the runs that have a checkpoint. */
  get runIds(): string[] {
    return [...this.checkpoints.keys()];
  }
}
