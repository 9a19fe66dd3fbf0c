const sharedKeys = Symbol.for('toolcraft.sharedMetadataKeys.v2');
let creatingPrivate = false;

/**
 * A typed key of {@link ToolCallMetadata}: `metadata.get(key)` returns a `T`. A key is a typed view
 * of its name: `new MetadataKey('trace.span.id')` and the string `'trace.span.id'` address the same
 * entry. Only the framework's private keys ({@link MetadataKey.shared}) are reached by no name.
 * @example
 * const SpanId = new MetadataKey<string>('trace.span.id');
 * ToolCallMetadata.of({ 'trace.span.id': 's1' }).get(SpanId); // 's1'
 */
export class MetadataKey<T> {
  /** Carries `T` for type inference only; never set. */
  declare readonly valueType?: T;
  /** True for a private key, addressed by its identity rather than its name. */
  readonly isPrivate: boolean;

  /** @param name - the entry's name, e.g. `'trace.span.id'` */
  constructor(readonly name: string) {
    this.isPrivate = creatingPrivate;
  }

  /**
   * The one private key of this name shared by every copy of the package in the process (like
   * `Symbol.for`): no string and no `new MetadataKey(name)` reaches its entry, so the framework's own
   * entries (the agent context, the call's signal) cannot be set by name.
   * @param name - the key's name (for messages and logs)
   * @returns the shared private key
   */
  static shared<T>(name: string): MetadataKey<T> {
    const registry = ((globalThis as Record<symbol, unknown>)[sharedKeys] ??= new Map<string, MetadataKey<unknown>>()) as Map<
      string,
      MetadataKey<unknown>
    >;
    let key = registry.get(name);
    if (key === undefined) {
      creatingPrivate = true;
      try {
        key = new MetadataKey<unknown>(name);
      } finally {
        creatingPrivate = false;
      }
      registry.set(name, key);
    }
    return key as MetadataKey<T>;
  }

  /** @returns the key's name, e.g. `MetadataKey(trace.span.id)` */
  toString(): string {
    return `MetadataKey(${this.name})`;
  }
}

/** A key of {@link ToolCallMetadata}: a string or a typed {@link MetadataKey}. */
export type MetadataKeyLike = string | MetadataKey<unknown>;

/**
 * The key an entry is stored under: its name, or a private key itself.
 * @param key - a string or a typed key (of any copy of the package)
 * @returns the stored key, or undefined for something that is not a key
 */
export function storedKey(key: unknown): string | MetadataKey<unknown> | undefined {
  if (typeof key === 'string') return key;
  if (typeof key !== 'object' || key === null) return undefined;
  const candidate = key as Partial<MetadataKey<unknown>>;
  if (candidate.isPrivate === true) return key as MetadataKey<unknown>;
  return typeof candidate.name === 'string' ? candidate.name : undefined;
}
