import { readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CheckpointConflictError } from '../errors/checkpoint-conflict-error.js';
import { CheckpointLoadError } from '../errors/checkpoint-load-error.js';
import { CheckpointLockTimeoutError } from '../errors/checkpoint-lock-timeout-error.js';
import { writeFileAtomic } from '../storage/atomic-write.js';
import { withFileLock } from '../storage/file-lock.js';
import { storedFileName } from '../storage/file-name.js';
import type { CheckpointSaveOptions, CheckpointStore, StoredCheckpoint } from './checkpoint-store.js';

/** Options of a {@link FileCheckpointStore}. */
export interface FileCheckpointStoreOptions {
  /** How long a save waits for the run's lock file, in ms; default 10,000. */
  lockTimeoutMs?: number;
  /**
   * A lock file not refreshed for this long, in ms, was left by a crashed writer and is broken;
   * default 5,000 (a lock whose holder was a process of this host that has ended is broken at once).
   */
  staleLockMs?: number;
}

const format = 'toolcraft.checkpoint';
const formatVersion = 1;

/**
 * A {@link CheckpointStore} of one JSON file per run in a folder (created when missing): the file
 * holds `{ format: 'toolcraft.checkpoint', formatVersion: 1, runId, version, savedAt, checkpoint }`.
 * Each save takes the run's lock file (`<file>.lock`), so the version check and the write are one
 * step even across processes; the write is atomic: the checkpoint goes to a temporary file in the
 * same folder, is flushed to disk (`fsync`), then renamed over the run's file, so a crash leaves
 * either the old checkpoint or the new one, never half of one. Run ids are encoded into safe file
 * names (a hash when the encoded id would be longer than 200 bytes). A file written by an earlier
 * toolcraft (the bare checkpoint) loads as version 1.
 * @example
 * const run = await agent.run('Clean up', { checkpoints: new FileCheckpointStore('./checkpoints') });
 */
export class FileCheckpointStore implements CheckpointStore {
  private readonly lockTimeoutMs: number;
  private readonly staleLockMs: number;

  /**
   * @param directory - the folder of the checkpoint files
   * @param options - lock timings
   */
  constructor(
    readonly directory: string,
    options: FileCheckpointStoreOptions = {},
  ) {
    this.lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
    this.staleLockMs = options.staleLockMs ?? 5_000;
  }

  /**
   * @inheritDoc
   * @throws CheckpointLockTimeoutError when the run's lock could not be taken in time
   */
  async save(runId: string, checkpoint: Readonly<Record<string, unknown>>, options: CheckpointSaveOptions = {}): Promise<number> {
    const text = JSON.stringify(checkpoint);
    const file = this.fileOf(runId);
    return this.locked(file, options.signal, async () => {
      const stored = (await this.read(runId, file))?.version ?? 0;
      if (options.expectedVersion !== undefined && options.expectedVersion !== stored)
        throw new CheckpointConflictError(runId, options.expectedVersion, stored);
      const version = stored + 1;
      const header = JSON.stringify({ format, formatVersion, runId, version, savedAt: new Date().toISOString() });
      await writeFileAtomic(file, `${header.slice(0, -1)},"checkpoint":${text}}`);
      return version;
    });
  }

  /**
   * @inheritDoc
   * @throws CheckpointLoadError for a file that is not a checkpoint (it is left untouched)
   */
  async load(runId: string, options: { signal?: AbortSignal } = {}): Promise<StoredCheckpoint | undefined> {
    options.signal?.throwIfAborted();
    return this.read(runId, this.fileOf(runId));
  }

  /** @inheritDoc */
  async delete(runId: string): Promise<void> {
    const file = this.fileOf(runId);
    await this.locked(file, undefined, () => rm(file, { force: true }));
  }

  private locked<T>(file: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    const lock = {
      timeoutMs: this.lockTimeoutMs,
      staleMs: this.staleLockMs,
      timeoutError: (lockPath: string, waitedMs: number) => new CheckpointLockTimeoutError(lockPath, waitedMs),
      ...(signal ? { signal } : {}),
    };
    return withFileLock(`${file}.lock`, lock, work);
  }

  private async read(runId: string, file: string): Promise<StoredCheckpoint | undefined> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
      throw error;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new CheckpointLoadError(runId, new Error(`its file is not JSON (${(error as Error).message})`));
    }
    if (!isObject(value)) throw new CheckpointLoadError(runId, new Error('its file holds JSON but not an object'));
    if (value.format !== format) return { checkpoint: value, version: 1 };
    const { version, checkpoint } = value;
    if (value.formatVersion !== formatVersion)
      throw new CheckpointLoadError(runId, new Error(`its file has format version ${JSON.stringify(value.formatVersion)}, expected 1`));
    if (!Number.isSafeInteger(version) || (version as number) < 1 || !isObject(checkpoint))
      throw new CheckpointLoadError(runId, new Error('its file has no whole version of at least 1 or no checkpoint object'));
    return { checkpoint, version: version as number };
  }

  private fileOf(runId: string): string {
    return join(resolve(this.directory), storedFileName(runId, '.json'));
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
