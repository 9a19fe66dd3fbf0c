import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CheckpointConflictError } from '../errors/checkpoint-conflict-error.js';
import type { CheckpointSaveOptions, CheckpointStore, StoredCheckpoint } from './checkpoint-store.js';

/** The marker of a stored file: `{ type, version, checkpoint }` (a file without it is a bare checkpoint of an earlier version: version 1). */
const fileType = 'toolcraft.checkpoint';

/**
 * A {@link CheckpointStore} of one JSON file per run in a folder (created when missing). Writes
 * are atomic: the checkpoint goes to a temporary file in the same folder, is flushed to disk
 * (`fsync`), then renamed over the run's file, so a crash leaves either the old checkpoint or the
 * new one, never half of one. Run ids are encoded into safe file names.
 * @example
 * const run = await agent.run('Clean up', { checkpoints: new FileCheckpointStore('./checkpoints') });
 */
export class FileCheckpointStore implements CheckpointStore {
  /** @param directory - the folder of the checkpoint files */
  constructor(readonly directory: string) {}

  /** @inheritDoc */
  async save(runId: string, checkpoint: Readonly<Record<string, unknown>>, options: CheckpointSaveOptions = {}): Promise<number> {
    const current = (await this.load(runId))?.version ?? 0;
    const { expectedVersion } = options;
    if (expectedVersion !== undefined && expectedVersion !== current) throw new CheckpointConflictError(runId, expectedVersion, current);
    const version = current + 1;
    const text = JSON.stringify({ type: fileType, version, checkpoint });
    await mkdir(this.directory, { recursive: true });
    const target = this.fileOf(runId);
    const temporary = `${target}.${randomUUID()}.tmp`;
    const handle = await open(temporary, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return version;
  }

  /** @inheritDoc */
  async load(runId: string): Promise<StoredCheckpoint | undefined> {
    let text: string;
    try {
      text = await readFile(this.fileOf(runId), 'utf8');
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
      throw error;
    }
    const stored = JSON.parse(text) as Record<string, unknown>;
    if (stored.type === fileType && typeof stored.version === 'number')
      return { checkpoint: stored.checkpoint as Record<string, unknown>, version: stored.version };
    return { checkpoint: stored, version: 1 };
  }

  /** @inheritDoc */
  async delete(runId: string): Promise<void> {
    await rm(this.fileOf(runId), { force: true });
  }

  private fileOf(runId: string): string {
    return join(this.directory, `${encodeURIComponent(runId).replace(/\./g, '%2E')}.json`);
  }
}
