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

  /** @returns the key's name, e.g. `MetadataKey(trace.span.id)` */
  toString(): string {
    return `MetadataKey(${this.name})`;
  }
}

/** A key of {@link ToolCallMetadata}: a string or a typed {@link MetadataKey}. */
export type MetadataKeyLike = string | MetadataKey<unknown>;
