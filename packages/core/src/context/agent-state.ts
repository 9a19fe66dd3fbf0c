/** The key prefixes of {@link AgentState}; unprefixed keys belong to the session. */
export const StateScope = {
  app: 'app:',
  user: 'user:',
  temp: 'temp:',
} as const;

/**
 * The key-value state of an agent run, as in Google ADK: keys may carry the scopes
 * `app:`, `user:` or `temp:`; unprefixed keys belong to the session.
 * `delta` holds what the run changed (a deleted key maps to `undefined`);
 * `temp:` keys live for the run only and never appear in `delta`.
 */
export class AgentState {
  private readonly values: Map<string, unknown>;
  private readonly changes = new Map<string, unknown>();

  /** @param initial - the state the run starts with */
  constructor(initial: Readonly<Record<string, unknown>> = {}) {
    this.values = new Map(Object.entries(initial));
  }

  /**
   * @param key - a state key, possibly scoped
   * @returns its value, or undefined
   */
  get<T = unknown>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }

  /**
   * Sets a key and records the change (unless it is a `temp:` key).
   * @param key - a state key, possibly scoped
   * @param value - its new value
   */
  set(key: string, value: unknown): void {
    this.values.set(key, value);
    if (!key.startsWith(StateScope.temp)) this.changes.set(key, value);
  }

  /**
   * @param key - a state key
   * @returns whether the key has a value
   */
  has(key: string): boolean {
    return this.values.has(key);
  }

  /**
   * Removes a key and records the removal (as `undefined` in `delta`).
   * @param key - a state key
   * @returns whether the key was present
   */
  delete(key: string): boolean {
    const existed = this.values.delete(key);
    if (existed && !key.startsWith(StateScope.temp)) this.changes.set(key, undefined);
    return existed;
  }

  /** The changes made through this object, `temp:` keys excluded. */
  get delta(): Record<string, unknown> {
    return Object.fromEntries(this.changes);
  }

  /** @internal The keys of {@link AgentState.delta}, without building it. */
  get changedKeys(): string[] {
    return Array.from(this.changes.keys());
  }

  /** @returns every current entry, `temp:` keys included */
  toJSON(): Record<string, unknown> {
    return Object.fromEntries(this.values);
  }
}
