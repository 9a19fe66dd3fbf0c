import type { CheckpointStore } from '../../src/checkpoints/checkpoint-store';

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
      await store.save(id, checkpoint);
      await expect(store.load(id)).resolves.toEqual(checkpoint);
    });

    it('keeps only the last checkpoint of a run', async () => {
      const id = runId('last');
      await store.save(id, { step: 1 });
      await store.save(id, { step: 2 });
      await expect(store.load(id)).resolves.toEqual({ step: 2 });
    });

    it('keeps a copy: changing the saved object afterwards does not change the checkpoint', async () => {
      const id = runId('copy');
      const checkpoint = { items: ['a'] };
      await store.save(id, checkpoint);
      checkpoint.items.push('b');
      await expect(store.load(id)).resolves.toEqual({ items: ['a'] });
    });

    it('keeps the runs apart, whatever characters their ids hold', async () => {
      const first = runId('a/b:c');
      const second = runId('a_b_c');
      await store.save(first, { run: 'first' });
      await store.save(second, { run: 'second' });
      await expect(store.load(first)).resolves.toEqual({ run: 'first' });
      await expect(store.load(second)).resolves.toEqual({ run: 'second' });
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
      expect([1, 2, 3]).toContain(loaded?.step);
      expect(loaded?.payload).toBe('x'.repeat(200_000));
    });
  });
}
