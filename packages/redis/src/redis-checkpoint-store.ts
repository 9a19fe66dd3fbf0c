import type { CheckpointStore } from '@toolcraft/core';
import { RedisStoreInputError } from './errors/redis-store-input-error.js';
import { RedisClientHandle } from './redis-client-handle.js';
import type { RedisStoreOptions } from './redis-store-options.js';
import { decodeStored, encodeStored, objectField } from './stored-value.js';

/**
 * A `CheckpointStore` on Redis: any process that reaches the server can recover any run. Each
 * checkpoint is one string key `<prefix>checkpoint:<runId>` holding JSON
 * `{ format: 'toolcraft.checkpoint', formatVersion: 1, runId, savedAt, checkpoint }`, replaced
 * whole by each save (one `SET`, atomic), with the optional TTL renewed.
 * @example
 * const checkpoints = new RedisCheckpointStore({ url: 'redis://127.0.0.1:6379', keyPrefix: 'myapp:' });
 * const run = await agent.run('...', { checkpoints });
 * // in another process, after a crash:
 * const recovered = await agent.recover(runId, { checkpoints });
 * await checkpoints.close();
 */
export class RedisCheckpointStore implements CheckpointStore {
  private readonly handle: RedisClientHandle;

  /** @param options - `{ connection }` or `{ url }`, plus `keyPrefix` and `ttlSeconds` */
  constructor(options: RedisStoreOptions) {
    this.handle = new RedisClientHandle(options);
  }

  /**
   * Saves a run's checkpoint, replacing the one before.
   * @param runId - the run
   * @param checkpoint - the checkpoint (JSON data)
   */
  async save(runId: string, checkpoint: Readonly<Record<string, unknown>>): Promise<void> {
    const key = this.keyOf(runId);
    await this.handle.run('save the checkpoint', key, true, async (client) => {
      const text = encodeStored('checkpoint', { runId, savedAt: new Date().toISOString(), checkpoint });
      const ttl = this.handle.ttlSeconds;
      await (ttl === undefined ? client.set(key, text) : client.set(key, text, 'EX', ttl));
    });
  }

  /**
   * Loads a run's last checkpoint.
   * @param runId - the run
   * @returns the checkpoint, or undefined when there is none (never saved, deleted or expired)
   */
  async load(runId: string): Promise<Record<string, unknown> | undefined> {
    const key = this.keyOf(runId);
    const text = await this.handle.run('load the checkpoint', key, false, (client) => client.get(key));
    if (text === null) return undefined;
    return objectField(key, decodeStored(key, 'checkpoint', text), 'checkpoint');
  }

  /**
   * Deletes a run's checkpoint (nothing happens when there is none).
   * @param runId - the run
   */
  async delete(runId: string): Promise<void> {
    const key = this.keyOf(runId);
    await this.handle.run('delete the checkpoint', key, true, (client) => client.del(key));
  }

  /** Closes the store's own client (made from `url`); an application's `connection` stays open. */
  async close(): Promise<void> {
    await this.handle.close();
  }

  private keyOf(runId: unknown): string {
    if (typeof runId !== 'string' || runId.length === 0) throw new RedisStoreInputError('runId', runId, 'a non-empty string');
    return this.handle.key('checkpoint', runId);
  }
}
