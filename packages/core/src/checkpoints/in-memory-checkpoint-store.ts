import { CheckpointConflictError } from '../errors/checkpoint-conflict-error.js';
import type { CheckpointSaveOptions, CheckpointStore, StoredCheckpoint } from './checkpoint-store.js';

/**
 * A {@link CheckpointStore} in this process's memory: for tests and for runs that only need to be
 * resumed in the same process. Each checkpoint is kept as JSON text, so a later change to the saved
 * object does not change the checkpoint, and `load` returns a fresh copy.
 */
export class InMemoryCheckpointStore implements CheckpointStore {
  private readonly checkpoints = new Map<string, { text: string; version: number }>();

  /** @inheritDoc */
  save(runId: string, checkpoint: Readonly<Record<string, unknown>>, options: CheckpointSaveOptions = {}): Promise<number> {
    try {
      const stored = this.checkpoints.get(runId);
      const current = stored?.version ?? 0;
      const { expectedVersion } = options;
      if (expectedVersion !== undefined && expectedVersion !== current)
        return Promise.reject(new CheckpointConflictError(runId, expectedVersion, current));
      const version = current + 1;
      this.checkpoints.set(runId, { text: JSON.stringify(checkpoint), version });
      return Promise.resolve(version);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new TypeError(String(error)));
    }
  }

  /** @inheritDoc */
  load(runId: string): Promise<StoredCheckpoint | undefined> {
    const stored = this.checkpoints.get(runId);
    return Promise.resolve(
      stored === undefined ? undefined : { checkpoint: JSON.parse(stored.text) as Record<string, unknown>, version: stored.version },
    );
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
