/**
 * Where an agent run's checkpoints are kept (crash recovery): `agent.run(input, { checkpoints })`
 * saves the run's state before and after each batch of tool calls, and
 * `agent.recover(runId, { checkpoints })` continues from the last one. A checkpoint is opaque JSON
 * data; a store keeps the last one saved per run id, whole (a reader never sees half of one).
 * Stores: {@link InMemoryCheckpointStore}, {@link FileCheckpointStore}, and `RedisCheckpointStore`
 * of `@toolcraft/redis`.
 */
export interface CheckpointStore {
  /**
   * Replaces the run's checkpoint.
   * @param runId - the run's id
   * @param checkpoint - JSON data (what `JSON.stringify` accepts)
   */
  save(runId: string, checkpoint: Readonly<Record<string, unknown>>): Promise<void>;
  /**
   * @param runId - the run's id
   * @returns the run's last checkpoint, or undefined when there is none
   */
  load(runId: string): Promise<Record<string, unknown> | undefined>;
  /**
   * Removes the run's checkpoint (nothing happens when there is none).
   * @param runId - the run's id
   */
  delete(runId: string): Promise<void>;
}
