import { InvalidStateKeyError } from '../errors/invalid-state-key-error.js';

/** The key prefixes of {@link AgentState}; unprefixed keys belong to the session. */
export const StateScope = {
  app: 'app:',
  user: 'user:',
  temp: 'temp:',
} as const;

/** Where an {@link AgentState} keeps its values and the keys it changed (a run's record). @internal */
export interface StateRecord {
  /** The values, `temp:` keys included while the run lasts (own keys only count). */
  state: Record<string, unknown>;
  /** The keys changed, in order of first change; a changed key missing from `state` was deleted. */
  changed: string[];
}

const refusedKey = '__proto__';

/**
 * The key-value state of an agent run, as in Google ADK: keys may carry the scopes
 * `app:`, `user:` or `temp:`; unprefixed keys belong to the session.
 * `delta` holds what the run changed (a deleted key maps to `undefined`);
 * `temp:` keys live for the run only and never appear in `delta`.
 * Any key works, `constructor` and `toString` included, except `__proto__`, which is refused with an
 * `InvalidStateKeyError` (a JSON object cannot carry it as a plain key everywhere state travels).
 */
export class AgentState {
  private readonly values: Record<string, unknown>;
  private readonly changed: string[];
  private changedSet: Set<string> | undefined;
  private written: Set<string> | undefined;

  /**
   * @param initial - the state the run starts with (copied)
   * @throws InvalidStateKeyError for a `__proto__` key
   */
  constructor(initial: Readonly<Record<string, unknown>> = {}) {
    this.values = {};
    this.changed = [];
    for (const key of Object.keys(initial)) {
      checkKey(key);
      this.values[key] = initial[key];
    }
  }

  /**
   * @internal A state whose values and changes live in a run's record (the run's one copy).
   * @param record - the record's `state` and `changed`, used as they are
   * @returns the state
   * @throws InvalidStateKeyError when the record holds a `__proto__` key
   */
  static over(record: StateRecord): AgentState {
    // A for-in (own keys only): no array of keys made for the (mostly empty) state.
    for (const key in record.state) if (Object.hasOwn(record.state, key)) checkKey(key);
    const state = Object.create(AgentState.prototype) as AgentState;
    (state as unknown as { values: Record<string, unknown> }).values = record.state;
    (state as unknown as { changed: string[] }).changed = record.changed;
    return state;
  }

  /**
   * @param key - a state key, possibly scoped
   * @returns its value, or undefined
   */
  get<T = unknown>(key: string): T | undefined {
    return Object.hasOwn(this.values, key) ? (this.values[key] as T) : undefined;
  }

  /**
   * Sets a key and records the change (unless it is a `temp:` key).
   * @param key - a state key, possibly scoped
   * @param value - its new value
   * @throws InvalidStateKeyError for `__proto__`
   */
  set(key: string, value: unknown): void {
    checkKey(key);
    this.values[key] = value;
    if (!key.startsWith(StateScope.temp)) this.markChanged(key);
  }

  /**
   * @param key - a state key
   * @returns whether the key has a value
   */
  has(key: string): boolean {
    return Object.hasOwn(this.values, key);
  }

  /**
   * Removes a key and records the removal (as `undefined` in `delta`).
   * @param key - a state key
   * @returns whether the key was present
   */
  delete(key: string): boolean {
    if (!Object.hasOwn(this.values, key)) return false;
    delete this.values[key];
    if (!key.startsWith(StateScope.temp)) this.markChanged(key);
    return true;
  }

  /** The changes made through this object, `temp:` keys excluded. */
  get delta(): Record<string, unknown> {
    const delta: Record<string, unknown> = {};
    const { changed, values } = this;
    for (let index = 0; index < changed.length; index++) {
      const key = changed[index]!;
      delta[key] = Object.hasOwn(values, key) ? values[key] : undefined;
    }
    return delta;
  }

  /** @internal The keys of {@link AgentState.delta}, without building it. */
  get changedKeys(): string[] {
    return this.changed.slice();
  }

  /** @returns every current entry, `temp:` keys included (a copy) */
  toJSON(): Record<string, unknown> {
    return { ...this.values };
  }

  /**
   * @internal The keys written through this object since the set was last emptied (a run's session
   * save empties it once the session has them): a key written again with the value it had is in it.
   */
  get writtenKeys(): Set<string> {
    return (this.written ??= new Set());
  }

  private markChanged(key: string): void {
    this.writtenKeys.add(key);
    const { changed } = this;
    if (changed.length < 8) {
      if (!changed.includes(key)) changed.push(key);
      return;
    }
    this.changedSet ??= new Set(changed);
    if (this.changedSet.has(key)) return;
    this.changedSet.add(key);
    changed.push(key);
  }
}

function checkKey(key: string): void {
  if (key === refusedKey) throw new InvalidStateKeyError(key);
}
