import { randomUUID } from 'node:crypto';
import { CheckpointConflictError, type CheckpointSaveOptions, type CheckpointStore, type StoredCheckpoint } from '@toolcraft/core';
import { untilAborted } from '@toolcraft/core/internal';
import { RedisStoreInputError } from '../errors/redis-store-input-error.js';
import { RedisValueError } from '../errors/redis-value-error.js';
import { RedisClientHandle } from '../redis-client-handle.js';
import type { RedisStoreOptions } from '../redis-store-options.js';
import { LuaScript } from '../run-script.js';
import { decodeStored, objectField } from '../stored-value.js';
import { checkpointHead, saveCheckpointScript } from './checkpoint-script.js';

const saveScript = new LuaScript(saveCheckpointScript);

/**
 * A `CheckpointStore` on Redis: any process that reaches the server can recover any run. Each
 * checkpoint is one string key `<prefix>checkpoint:<runId>` holding JSON
 * `{ format: 'toolcraft.checkpoint', formatVersion: 1, version, write, runId, savedAt, checkpoint }`,
 * replaced whole by each save, with the optional TTL renewed. A save is one Lua script, atomic on
 * the server: it reads the stored version, refuses the save when it is not the `expectedVersion`
 * given, and writes the checkpoint with its new version. A save whose reply was lost and that the
 * client sent again after reconnecting is recognised by its write id and not applied twice.
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
   * Saves a run's checkpoint, replacing the one before. A signal already aborted writes nothing;
   * once sent, the save is waited for (a write that landed must not be reported lost).
   * @param runId - the run
   * @param checkpoint - the checkpoint (JSON data)
   * @param options - `expectedVersion` (compare-and-set), `signal`
   * @returns the new version
   * @throws CheckpointConflictError when the stored version is not `expectedVersion` (nothing written); RedisStoreError when Redis fails
   */
  async save(runId: string, checkpoint: Readonly<Record<string, unknown>>, options: CheckpointSaveOptions = {}): Promise<number> {
    const key = this.keyOf(runId);
    const expected = options.expectedVersion;
    if (expected !== undefined && (!Number.isSafeInteger(expected) || expected < 0))
      throw new RedisStoreInputError('expectedVersion', expected, 'a whole number of at least 0');
    options.signal?.throwIfAborted();
    const reply = await this.handle.run('save the checkpoint', key, true, (client) => {
      const rest = JSON.stringify({ runId, savedAt: new Date().toISOString(), checkpoint }).slice(1);
      return saveScript.run(client, [key], [checkpointHead, randomUUID(), expected ?? '', this.handle.ttlSeconds ?? '', rest]);
    });
    const [status, version] = reply as [string, number];
    if (status === 'conflict') throw new CheckpointConflictError(runId, expected!, version);
    return version;
  }

  /**
   * Loads a run's last checkpoint.
   * @param runId - the run
   * @param options - `signal` stops waiting
   * @returns the checkpoint and its version, or undefined when there is none (never saved, deleted or expired)
   * @throws RedisValueError naming the key for a value this store did not write; RedisStoreError when Redis fails
   */
  async load(runId: string, options: { signal?: AbortSignal } = {}): Promise<StoredCheckpoint | undefined> {
    const key = this.keyOf(runId);
    const reading = this.handle.run('load the checkpoint', key, false, (client) => client.get(key));
    const text = await (options.signal ? untilAborted(reading, options.signal) : reading);
    if (text === null) return undefined;
    const record = decodeStored(key, 'checkpoint', text);
    const version = record.version ?? 1;
    if (!Number.isSafeInteger(version) || (version as number) < 1)
      throw new RedisValueError(key, `its version is ${JSON.stringify(version)}, expected a whole number of at least 1`);
    return { checkpoint: objectField(key, record, 'checkpoint'), version: version as number };
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
