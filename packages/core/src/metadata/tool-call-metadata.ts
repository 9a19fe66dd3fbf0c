import { Brands, setBrand } from '../brands.js';
import { type MetadataKey, type MetadataKeyLike, storedKey } from './metadata-key.js';
import { readForeignEntries } from './read-foreign-entries.js';

/** Entries accepted wherever metadata is expected: pairs, or a plain object of string keys. */
export type MetadataEntries = Iterable<readonly [MetadataKeyLike, unknown]> | Readonly<Record<string, unknown>>;

type StoredKey = string | MetadataKey<unknown>;

const genuine = new WeakSet<object>();

/**
 * An immutable bag of per-call metadata, keyed by names or typed {@link MetadataKey}s (a key is a
 * typed view of its name). Features, callers and the framework contribute to it; `merge` lets the
 * right side win. Metadata of another kind (another copy of the package, or any object carrying the
 * brand) is copied by its entries: its methods are never called.
 */
export class ToolCallMetadata {
  /** The metadata with no entries. */
  static readonly empty: ToolCallMetadata = new ToolCallMetadata(new Map());

  private constructor(private readonly values: ReadonlyMap<StoredKey, unknown>) {
    genuine.add(this);
  }

  /**
   * Builds metadata from pairs or a plain object (own enumerable string keys).
   * @param entries - `[[key, value], ...]`, `{ key: value }` or metadata
   * @returns the metadata (the shared empty instance when there are no entries)
   * @throws TypeError for something that is neither metadata, pairs nor an object
   */
  static of(entries?: MetadataEntries | ToolCallMetadata | null): ToolCallMetadata {
    if (entries === undefined || entries === null) return ToolCallMetadata.empty;
    if (genuine.has(entries)) return entries as ToolCallMetadata;
    return ToolCallMetadata.fromMap(readForeignEntries(entries, true));
  }

  /**
   * Like {@link ToolCallMetadata.of}, but keeps only named entries: what a feature provides cannot
   * set the framework's private keys.
   * @internal
   * @param entries - what a feature provided
   * @returns the metadata
   * @throws TypeError for something that is neither metadata, pairs nor an object
   */
  static namedEntriesOf(entries: unknown): ToolCallMetadata {
    if (genuine.has(entries as object) && !(entries as ToolCallMetadata).hasPrivateEntries()) return entries as ToolCallMetadata;
    const source = genuine.has(entries as object) ? (entries as ToolCallMetadata).values : entries;
    return ToolCallMetadata.fromMap(readForeignEntries(source, false));
  }

  private static fromMap(map: Map<StoredKey, unknown>): ToolCallMetadata {
    return map.size === 0 ? ToolCallMetadata.empty : new ToolCallMetadata(map);
  }

  /** The number of entries. */
  get size(): number {
    return this.values.size;
  }

  /**
   * Reads one entry.
   * @param key - a typed key or a name
   * @returns the value, or undefined when absent
   */
  get<T>(key: MetadataKey<T>): T | undefined;
  get(key: string): unknown;
  get(key: MetadataKeyLike): unknown {
    return this.values.get(typeof key === 'string' ? key : key.isPrivate ? key : key.name);
  }

  /**
   * @param key - a typed key or a name
   * @returns whether the entry is present
   */
  has(key: MetadataKeyLike): boolean {
    const stored = storedKey(key);
    return stored !== undefined && this.values.has(stored);
  }

  /** @returns every entry, in insertion order: named entries by name, private ones by their key */
  entries(): IterableIterator<[MetadataKeyLike, unknown]> {
    return this.values.entries();
  }

  /**
   * Merges two bags; entries of `other` win. Returns an existing instance when one side is empty.
   * @param other - the winning entries
   * @returns the merged metadata
   * @throws TypeError when `other` is neither metadata, pairs nor an object
   */
  merge(other: ToolCallMetadata | MetadataEntries | undefined): ToolCallMetadata {
    const right = ToolCallMetadata.of(other);
    if (right.size === 0) return this;
    if (this.size === 0) return right;
    const map = new Map(this.values);
    for (const [key, value] of right.values) map.set(key, value);
    return new ToolCallMetadata(map);
  }

  /** @returns a plain object of the entries by name, for logs */
  toJSON(): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (const [key, value] of this.values) result[typeof key === 'string' ? key : key.name] = value;
    return result;
  }

  private hasPrivateEntries(): boolean {
    for (const key of this.values.keys()) if (typeof key !== 'string') return true;
    return false;
  }
}

setBrand(ToolCallMetadata.prototype, Brands.toolCallMetadata);
