import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckpointStore } from './checkpoint-store.js';

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
  async save(runId: string, checkpoint: Readonly<Record<string, unknown>>): Promise<void> {
    const text = JSON.stringify(checkpoint);
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
  }

  /** @inheritDoc */
  async load(runId: string): Promise<Record<string, unknown> | undefined> {
    let text: string;
    try {
      text = await readFile(this.fileOf(runId), 'utf8');
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
      throw error;
    }
    return JSON.parse(text) as Record<string, unknown>;
  }

  /** @inheritDoc */
  async delete(runId: string): Promise<void> {
    await rm(this.fileOf(runId), { force: true });
  }

  private fileOf(runId: string): string {
    return join(this.directory, `${encodeURIComponent(runId).replace(/\./g, '%2E')}.json`);
  }
}
