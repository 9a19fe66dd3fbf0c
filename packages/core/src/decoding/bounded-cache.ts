/**
 * A map that keeps at most `capacity` entries, forgetting the least recently used one first: for
 * caches keyed by what tools declare (schemas), which a process may create without end.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  /**
   * @param capacity - the most entries kept (a positive integer)
   */
  constructor(readonly capacity: number) {}

  /** How many entries are kept. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * @param key - the key
   * @returns its value, now the most recently used, or undefined
   */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /**
   * Keeps a value, forgetting the least recently used entry when full.
   * @param key - the key
   * @param value - the value
   */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.capacity) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, value);
  }
}
