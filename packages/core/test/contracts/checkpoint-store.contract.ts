import type { CheckpointStore } from '../../src/checkpoints/checkpoint-store';
import { CheckpointConflictError } from '../../src/errors/checkpoint-conflict-error';

/**
 * The behaviour every `CheckpointStore` must have. Call it from a test file of the store:
 * `checkpointStoreContract('FileCheckpointStore', () => new FileCheckpointStore(dir))`.
 * `createStore` may return a promise; `dispose` (optional) runs after each test.
 * @param name - the store's name, for the test titles
 * @param createStore - makes a fresh, empty store (or one whose run ids cannot collide with other tests')
 * @param dispose - cleans up after a test
 */
export function checkpointStoreContract(
  name: string,
  createStore: () => CheckpointStore | Promise<CheckpointStore>,
  dispose?: (store: CheckpointStore) => void | Promise<void>,
): void {
  describe(`${name} (CheckpointStore contract)`, () => {
    let store: CheckpointStore;
    let prefix = 0;
    const runId = (suffix: string) => `contract-${process.pid}-${Date.now()}-${prefix++}-${suffix}`;

    beforeEach(async () => {
      store = await createStore();
    });
    afterEach(async () => {
      await dispose?.(store);
    });

    it('loads undefined for a run without a checkpoint', async () => {
      await expect(store.load(runId('none'))).resolves.toBeUndefined();
    });

    it('loads the checkpoint it saved, as equal JSON data', async () => {
      const id = runId('saved');
      const checkpoint = {
        version: 1,
        messages: [{ role: 'user', content: 'héllo ✓' }],
        counters: { iterations: 2 },
        nested: { list: [1, null, 'x'] },
      };
      await expect(store.save(id, checkpoint)).resolves.toBe(1);
      await expect(store.load(id)).resolves.toEqual({ checkpoint, version: 1 });
    });

    it('keeps only the last checkpoint of a run', async () => {
      const id = runId('last');
      await store.save(id, { step: 1 });
      await expect(store.save(id, { step: 2 })).resolves.toBe(2);
      await expect(store.load(id)).resolves.toEqual({ checkpoint: { step: 2 }, version: 2 });
    });

    it('keeps a copy: changing the saved object afterwards does not change the checkpoint', async () => {
      const id = runId('copy');
      const checkpoint = { items: ['a'] };
      await store.save(id, checkpoint);
      checkpoint.items.push('b');
      await expect(store.load(id)).resolves.toEqual({ checkpoint: { items: ['a'] }, version: 1 });
    });

    it('keeps the runs apart, whatever characters their ids hold', async () => {
      const first = runId('a/b:c');
      const second = runId('a_b_c');
      await store.save(first, { run: 'first' });
      await store.save(second, { run: 'second' });
      await expect(store.load(first)).resolves.toEqual({ checkpoint: { run: 'first' }, version: 1 });
      await expect(store.load(second)).resolves.toEqual({ checkpoint: { run: 'second' }, version: 1 });
    });

    it('deletes a checkpoint, and deleting a missing one is not an error', async () => {
      const id = runId('deleted');
      await store.save(id, { step: 1 });
      await store.delete(id);
      await expect(store.load(id)).resolves.toBeUndefined();
      await expect(store.delete(id)).resolves.toBeUndefined();
    });

    it('never returns half a checkpoint when saves of one run overlap', async () => {
      const id = runId('overlap');
      const big = (step: number) => ({ step, payload: 'x'.repeat(200_000) });
      await Promise.all([store.save(id, big(1)), store.save(id, big(2)), store.save(id, big(3))]);
      const loaded = await store.load(id);
      expect([1, 2, 3]).toContain(loaded?.checkpoint.step);
      expect(loaded?.checkpoint.payload).toBe('x'.repeat(200_000));
      expect(loaded?.version).toBe(3);
    });

    it('with expectedVersion 0, saves only a run that has no checkpoint yet', async () => {
      const id = runId('cas-first');
      await expect(store.save(id, { step: 1 }, { expectedVersion: 0 })).resolves.toBe(1);
      const again = store.save(id, { step: 'late' }, { expectedVersion: 0 });
      await expect(again).rejects.toThrow(CheckpointConflictError);
      await expect(again).rejects.toMatchObject({ runId: id, expectedVersion: 0, actualVersion: 1 });
      await expect(store.load(id)).resolves.toEqual({ checkpoint: { step: 1 }, version: 1 });
    });

    it('refuses a save whose expectedVersion is not the stored version, naming both, and writes nothing', async () => {
      const id = runId('cas-stale');
      await store.save(id, { step: 1 });
      await store.save(id, { step: 2 });
      const stale = store.save(id, { step: 'stale' }, { expectedVersion: 1 });
      await expect(stale).rejects.toThrow(CheckpointConflictError);
      await expect(stale).rejects.toThrow(`The checkpoint of run '${id}' is at version 2, not the expected 1`);
      const ahead = store.save(id, { step: 'ahead' }, { expectedVersion: 5 });
      await expect(ahead).rejects.toMatchObject({ expectedVersion: 5, actualVersion: 2 });
      await expect(store.load(id)).resolves.toEqual({ checkpoint: { step: 2 }, version: 2 });
      await expect(store.save(id, { step: 3 }, { expectedVersion: 2 })).resolves.toBe(3);
      await expect(store.load(id)).resolves.toEqual({ checkpoint: { step: 3 }, version: 3 });
    });

    it('of concurrent saves with the same expectedVersion, exactly one wins and the others write nothing', async () => {
      const id = runId('cas-race');
      const version = await store.save(id, { step: 0 });
      const attempts = await Promise.allSettled(
        Array.from({ length: 6 }, (_, writer) => store.save(id, { step: 1, writer }, { expectedVersion: version })),
      );
      const won = attempts.flatMap((attempt, writer) => (attempt.status === 'fulfilled' ? [writer] : []));
      expect(won).toHaveLength(1);
      for (const attempt of attempts) {
        if (attempt.status === 'rejected') expect(CheckpointConflictError.isInstance(attempt.reason)).toBe(true);
      }
      await expect(store.load(id)).resolves.toEqual({ checkpoint: { step: 1, writer: won[0] }, version: 2 });
    });

    it('starts again at version 1 after a delete', async () => {
      const id = runId('cas-deleted');
      await store.save(id, { step: 1 });
      await store.save(id, { step: 2 });
      await store.delete(id);
      await expect(store.save(id, { step: 'new' }, { expectedVersion: 0 })).resolves.toBe(1);
    });

    it('writes nothing for a save whose signal is already aborted', async () => {
      const id = runId('aborted');
      const controller = new AbortController();
      controller.abort(new Error('caller left'));
      await expect(store.save(id, { step: 1 }, { signal: controller.signal })).rejects.toThrow('caller left');
      await expect(store.load(id)).resolves.toBeUndefined();
    });
  });
}
