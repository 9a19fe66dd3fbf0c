const sharedKeys = Symbol.for('toolcraft.sharedMetadataKeys');

/**
 * A typed key of {@link ToolCallMetadata}: `metadata.get(key)` returns a `T`.
 * Two keys with one name are different keys; the name is for messages and debugging.
 * @example
 * const SpanId = new MetadataKey<string>('trace.span.id');
 */
export class MetadataKey<T> {
  /** Carries `T` for type inference only; never set. */
  declare readonly valueType?: T;

  /** @param name - a readable name for the key */
  constructor(readonly name: string) {}

  /**
   * The one key of this name shared by every copy of the package in the process (like `Symbol.for`),
   * for keys that two copies must agree on, such as the framework's own.
   * @param name - the key's name
   * @returns the shared key
   */
  static shared<T>(name: string): MetadataKey<T> {
    const registry = ((globalThis as Record<symbol, unknown>)[sharedKeys] ??= new Map<string, MetadataKey<unknown>>()) as Map<
      string,
      MetadataKey<unknown>
    >;
    let key = registry.get(name);
    if (key === undefined) registry.set(name, (key = new MetadataKey<unknown>(name)));
    return key as MetadataKey<T>;
  }

  /** @returns the key's name, e.g. `MetadataKey(trace.span.id)` */
  toString(): string {
    return `MetadataKey(${this.name})`;
  }
}

/** A key of {@link ToolCallMetadata}: a string or a typed {@link MetadataKey}. */
export type MetadataKeyLike = string | MetadataKey<unknown>;
