import type { CheckpointStore } from './checkpoint-store.js';

/**
 * A {@link CheckpointStore} in this process's memory: for tests and for runs that only need to be
 * resumed in the same process. Each checkpoint is kept as JSON text, so a later change to the saved
 * object does not change the checkpoint, and `load` returns a fresh copy.
 */
export class InMemoryCheckpointStore implements CheckpointStore {
  private readonly checkpoints = new Map<string, string>();

  /** @inheritDoc */
  save(runId: string, checkpoint: Readonly<Record<string, unknown>>): Promise<void> {
    try {
      this.checkpoints.set(runId, JSON.stringify(checkpoint));
      return Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new TypeError(String(error)));
    }
  }

  /** @inheritDoc */
  load(runId: string): Promise<Record<string, unknown> | undefined> {
    const text = this.checkpoints.get(runId);
    return Promise.resolve(text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>));
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
