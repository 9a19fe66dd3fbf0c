import { Brands, hasBrand, setBrand } from '../brands.js';
import type { MetadataKey, MetadataKeyLike } from './metadata-key.js';

/** Entries accepted wherever metadata is expected: pairs, or a plain object of string keys. */
export type MetadataEntries = Iterable<readonly [MetadataKeyLike, unknown]> | Readonly<Record<string, unknown>>;

/**
 * An immutable bag of per-call metadata, keyed by strings or typed {@link MetadataKey}s.
 * Features, callers and the framework contribute to it; `merge` lets the right side win.
 */
export class ToolCallMetadata {
  /** The metadata with no entries. */
  static readonly empty: ToolCallMetadata = new ToolCallMetadata(new Map());

  private constructor(private readonly values: ReadonlyMap<MetadataKeyLike, unknown>) {}

  /**
   * Builds metadata from pairs or a plain object.
   * @param entries - `[[key, value], ...]` or `{ key: value }`
   * @returns the metadata (the shared empty instance when there are no entries)
   */
  static of(entries?: MetadataEntries | ToolCallMetadata): ToolCallMetadata {
    if (entries === undefined) return ToolCallMetadata.empty;
    if (isToolCallMetadata(entries)) return entries;
    const map = new Map<MetadataKeyLike, unknown>();
    if (isIterable(entries)) {
      for (const [key, value] of entries) map.set(key, value);
    } else {
      for (const key of Object.keys(entries)) map.set(key, entries[key]);
    }
    return map.size === 0 ? ToolCallMetadata.empty : new ToolCallMetadata(map);
  }

  /** The number of entries. */
  get size(): number {
    return this.values.size;
  }

  /**
   * Reads one entry.
   * @param key - a typed key or a string
   * @returns the value, or undefined when absent
   */
  get<T>(key: MetadataKey<T>): T | undefined;
  get(key: string): unknown;
  get(key: MetadataKeyLike): unknown {
    return this.values.get(key);
  }

  /**
   * @param key - a typed key or a string
   * @returns whether the entry is present
   */
  has(key: MetadataKeyLike): boolean {
    return this.values.has(key);
  }

  /** @returns every entry, in insertion order */
  entries(): IterableIterator<[MetadataKeyLike, unknown]> {
    return this.values.entries();
  }

  /**
   * Merges two bags; entries of `other` win. Returns an existing instance when one side is empty.
   * @param other - the winning entries
   * @returns the merged metadata
   */
  merge(other: ToolCallMetadata | MetadataEntries | undefined): ToolCallMetadata {
    const right = ToolCallMetadata.of(other);
    if (right.size === 0) return this;
    if (this.size === 0) return right;
    const map = new Map(this.values);
    for (const [key, value] of right.values) map.set(key, value);
    return new ToolCallMetadata(map);
  }

  /**
   * Returns a copy with one entry set.
   * @param key - a typed key or a string
   * @param value - the value
   * @returns the new metadata
   */
  with<T>(key: MetadataKey<T> | string, value: T): ToolCallMetadata {
    const map = new Map(this.values);
    map.set(key, value);
    return new ToolCallMetadata(map);
  }

  /** @returns a plain object of the string-keyed entries, and typed keys by name, for logs */
  toJSON(): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    for (const [key, value] of this.values) result[typeof key === 'string' ? key : key.name] = value;
    return result;
  }
}

setBrand(ToolCallMetadata.prototype, Brands.toolCallMetadata);

function isToolCallMetadata(value: unknown): value is ToolCallMetadata {
  return hasBrand(value, Brands.toolCallMetadata);
}

function isIterable(value: unknown): value is Iterable<readonly [MetadataKeyLike, unknown]> {
  return typeof value === 'object' && value !== null && Symbol.iterator in value;
}
