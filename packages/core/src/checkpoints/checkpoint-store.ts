/** A run's checkpoint as a store holds it: the data and the version it was saved as. */
export interface StoredCheckpoint {
  /** The checkpoint: the JSON data given to `save`. */
  checkpoint: Record<string, unknown>;
  /** How many saves the run's checkpoint has had: 1 after the first save, one more after each. */
  version: number;
}

/** Options of one {@link CheckpointStore.save}. */
export interface CheckpointSaveOptions {
  /**
   * Compare-and-set: save only if the stored checkpoint is still at this version (the one `load`
   * returned; 0 when there was none). Otherwise the save throws `CheckpointConflictError` and writes
   * nothing. Absent: the save always writes.
   */
  expectedVersion?: number;
  /** Stops waiting (a store may also stop its work). A save that was already written stays written. */
  signal?: AbortSignal;
}

/**
 * Where an agent run's checkpoints are kept (crash recovery): `agent.run(input, { checkpoints })`
 * saves the run's state before and after each batch of tool calls, and
 * `agent.recover(runId, { checkpoints })` continues from the last one. A checkpoint is opaque JSON
 * data; a store keeps the last one saved per run id, whole (a reader never sees half of one), with a
 * version counting its saves, so that two processes continuing the same run cannot both move it on:
 * each saves with the `expectedVersion` it loaded, and the second is refused.
 * Stores: {@link InMemoryCheckpointStore}, {@link FileCheckpointStore}, and `RedisCheckpointStore`
 * of `@toolcraft/redis`; each one passes the shared contract suite.
 * @example
 * const loaded = await store.load(runId);                       // { checkpoint, version } or undefined
 * await store.save(runId, next, { expectedVersion: loaded?.version ?? 0 }); // CheckpointConflictError if another process saved first
 */
export interface CheckpointStore {
  /**
   * Replaces the run's checkpoint, atomically checking `expectedVersion` first when given.
   * @param runId - the run's id
   * @param checkpoint - JSON data (what `JSON.stringify` accepts); the store keeps a copy
   * @param options - `expectedVersion` (compare-and-set), `signal`
   * @returns the new version (the stored version plus one; 1 for the first save)
   * @throws CheckpointConflictError when `expectedVersion` is given and the stored version (0 when none) differs; nothing is written
   */
  save(runId: string, checkpoint: Readonly<Record<string, unknown>>, options?: CheckpointSaveOptions): Promise<number>;
  /**
   * @param runId - the run's id
   * @param options - `signal` stops waiting
   * @returns the run's last checkpoint and its version, or undefined when there is none
   */
  load(runId: string, options?: { signal?: AbortSignal }): Promise<StoredCheckpoint | undefined>;
  /**
   * Removes the run's checkpoint (nothing happens when there is none); a later save starts again at version 1.
   * @param runId - the run's id
   */
  delete(runId: string): Promise<void>;
}
