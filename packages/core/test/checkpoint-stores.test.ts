import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileCheckpointStore, InMemoryCheckpointStore } from '../src';
import { checkpointStoreContract } from './contracts/checkpoint-store.contract';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

checkpointStoreContract('InMemoryCheckpointStore', () => new InMemoryCheckpointStore());
checkpointStoreContract('FileCheckpointStore', () => {
  const folder = mkdtempSync(join(tmpdir(), 'toolcraft-checkpoints-'));
  folders.push(folder);
  return new FileCheckpointStore(join(folder, 'nested'));
});

describe('FileCheckpointStore', () => {
  it('leaves no temporary file behind after its writes', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'toolcraft-checkpoints-'));
    folders.push(folder);
    const store = new FileCheckpointStore(folder);
    await Promise.all([store.save('run-1', { step: 1 }), store.save('run-1', { step: 2 })]);
    expect(readdirSync(folder)).toEqual(['run-1.json']);
  });
});
