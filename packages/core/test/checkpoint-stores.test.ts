import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { CheckpointLoadError, FileCheckpointStore, InMemoryCheckpointStore } from '../src';
import { checkpointStoreContract } from './contracts/checkpoint-store.contract';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
function freshFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'toolcraft-checkpoints-'));
  folders.push(folder);
  return folder;
}

checkpointStoreContract('InMemoryCheckpointStore', () => new InMemoryCheckpointStore());
checkpointStoreContract('FileCheckpointStore', () => new FileCheckpointStore(join(freshFolder(), 'nested')));

/** A child process saving with compare-and-set on command (fixtures/checkpoint-cas-worker.ts). */
class CasWorker {
  private readonly replies: string[] = [];
  private readonly waiters: Array<() => void> = [];
  private readonly child: ChildProcessWithoutNullStreams;

  constructor(dir: string, runId: string, writer: string) {
    const script = join(__dirname, 'fixtures', 'checkpoint-cas-worker.ts');
    this.child = spawn(process.execPath, ['--import', 'tsx', script, dir, runId, writer]);
    createInterface({ input: this.child.stdout }).on('line', (line) => {
      this.replies.push(line);
      this.waiters.shift()?.();
    });
  }

  async next(): Promise<string> {
    if (this.replies.length === 0) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.replies.shift()!;
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  stop(): void {
    this.child.kill();
  }
}

describe('FileCheckpointStore', () => {
  it('leaves no temporary or lock file behind after its writes', async () => {
    const folder = freshFolder();
    const store = new FileCheckpointStore(folder);
    await Promise.all([store.save('run-1', { step: 1 }), store.save('run-1', { step: 2 })]);
    expect(readdirSync(folder)).toEqual(['run-1.json']);
  });

  it('lets exactly one of two processes win each compare-and-set round on the same run', async () => {
    const folder = freshFolder();
    const store = new FileCheckpointStore(folder);
    await store.save('shared', { round: 0 });
    const workers = [new CasWorker(folder, 'shared', 'a'), new CasWorker(folder, 'shared', 'b')];
    try {
      for (const worker of workers) expect(await worker.next()).toBe('ready');
      for (let round = 1; round <= 20; round++) {
        for (const worker of workers) worker.send(String(round));
        const replies = await Promise.all(workers.map((worker) => worker.next()));
        expect(replies.filter((reply) => reply === `${round} won`)).toHaveLength(1);
        expect(replies.filter((reply) => reply === `${round} conflict`)).toHaveLength(1);
      }
    } finally {
      for (const worker of workers) worker.stop();
    }
    await expect(store.load('shared')).resolves.toMatchObject({ version: 21, checkpoint: { round: 20 } });
  }, 60_000);

  it('keeps a run whose encoded id would pass 255 bytes under a hashed file name, whole', async () => {
    const folder = freshFolder();
    const store = new FileCheckpointStore(folder);
    const runId = `run-${'長'.repeat(300)}`;
    await expect(store.save(runId, { step: 1 })).resolves.toBe(1);
    await expect(store.save(runId, { step: 2 }, { expectedVersion: 1 })).resolves.toBe(2);
    await expect(store.load(runId)).resolves.toEqual({ checkpoint: { step: 2 }, version: 2 });
    const [file] = readdirSync(folder);
    expect(Buffer.byteLength(file!)).toBeLessThanOrEqual(255);
    await expect(store.load(`run-${'長'.repeat(299)}`)).resolves.toBeUndefined();
  });

  it('loads a checkpoint file written before versions as version 1', async () => {
    const folder = freshFolder();
    writeFileSync(join(folder, 'old-run.json'), JSON.stringify({ runId: 'old-run', iterations: 3 }));
    const store = new FileCheckpointStore(folder);
    await expect(store.load('old-run')).resolves.toEqual({ checkpoint: { runId: 'old-run', iterations: 3 }, version: 1 });
    await expect(store.save('old-run', { iterations: 4 }, { expectedVersion: 1 })).resolves.toBe(2);
  });

  it('refuses a file that is not a checkpoint, naming the run, and leaves it untouched', async () => {
    const folder = freshFolder();
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'broken.json'), '{"format":"toolcraft.checkpoint",');
    const store = new FileCheckpointStore(folder);
    await expect(store.load('broken')).rejects.toThrow(CheckpointLoadError);
    await expect(store.load('broken')).rejects.toThrow(/The checkpoint of run 'broken' could not be loaded: its file is not JSON/);
    await expect(store.save('broken', { step: 1 })).rejects.toThrow(CheckpointLoadError);
  });
});
