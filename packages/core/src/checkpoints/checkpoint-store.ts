/** A run's checkpoint as its store keeps it: the data and the version of this copy. */
export interface StoredCheckpoint {
  /** The checkpoint: opaque JSON data (a saved run state). */
  checkpoint: Record<string, unknown>;
  /** The version of this copy: 1 for the first save of the run, one more for each save after it. */
  version: number;
}

/** Options of one {@link CheckpointStore.save}. */
export interface CheckpointSaveOptions {
  /**
   * Compare-and-set: write only if the stored copy is still at this version (0: no copy stored yet);
   * otherwise write nothing and reject with `CheckpointConflictError`. Absent: always write.
   */
  expectedVersion?: number;
  /** Gives up waiting (a store may also stop its work). */
  signal?: AbortSignal;
}

/**
 * Where an agent run's checkpoints are kept (crash recovery): `agent.run(input, { checkpoints })`
 * saves the run's state before and after each batch of tool calls, and
 * `agent.recover(runId, { checkpoints })` continues from the last one. A checkpoint is opaque JSON
 * data; a store keeps the last one saved per run id, whole (a reader never sees half of one), with
 * a version, so that a save can be made conditional on what was read (compare-and-set): two
 * processes resuming the same run cannot both go on. Stores: {@link InMemoryCheckpointStore},
 * {@link FileCheckpointStore}, and `RedisCheckpointStore` of `@toolcraft/redis`.
 */
export interface CheckpointStore {
  /**
   * Replaces the run's checkpoint (when `expectedVersion` is given, only if the stored version is that one).
   * @param runId - the run's id
   * @param checkpoint - JSON data (what `JSON.stringify` accepts)
   * @param options - `expectedVersion` for compare-and-set, `signal`
   * @returns the version of the copy written
   * @throws CheckpointConflictError when `expectedVersion` is given and the stored version is another
   */
  save(runId: string, checkpoint: Readonly<Record<string, unknown>>, options?: CheckpointSaveOptions): Promise<number>;
  /**
   * @param runId - the run's id
   * @param options - `signal`
   * @returns the run's last checkpoint with its version, or undefined when there is none
   */
  load(runId: string, options?: { signal?: AbortSignal }): Promise<StoredCheckpoint | undefined>;
  /**
   * Removes the run's checkpoint (nothing happens when there is none).
   * @param runId - the run's id
   */
  delete(runId: string): Promise<void>;
}
