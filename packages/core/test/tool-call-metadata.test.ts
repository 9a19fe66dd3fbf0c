import { MetadataKey, ToolCallMetadata } from '../src/index.js';

describe('ToolCallMetadata', () => {
  const SpanId = new MetadataKey<string>('trace.span.id');

  it('reads typed and string keys built from pairs or a plain object', () => {
    const metadata = ToolCallMetadata.of([
      [SpanId, 'span-1'],
      ['user', 'ada'],
    ]);
    const span: string | undefined = metadata.get(SpanId);
    expect(span).toBe('span-1');
    expect(metadata.get('user')).toBe('ada');
    expect(metadata.has('trace.span.id')).toBe(false);
    expect(ToolCallMetadata.of({ a: 1 }).get('a')).toBe(1);
    expect([...ToolCallMetadata.of({ a: 1, b: 2 }).entries()]).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('merges with the right side winning, without changing either side', () => {
    const left = ToolCallMetadata.of({ a: 1, b: 1 });
    const right = ToolCallMetadata.of({ b: 2, c: 2 });
    const merged = left.merge(right);
    expect(merged.toJSON()).toEqual({ a: 1, b: 2, c: 2 });
    expect(left.toJSON()).toEqual({ a: 1, b: 1 });
  });

  it('returns the same instance when one side of a merge is empty', () => {
    const metadata = ToolCallMetadata.of({ a: 1 });
    expect(metadata.merge(ToolCallMetadata.empty)).toBe(metadata);
    expect(ToolCallMetadata.empty.merge(metadata)).toBe(metadata);
    expect(metadata.merge(undefined)).toBe(metadata);
    expect(ToolCallMetadata.of({})).toBe(ToolCallMetadata.empty);
  });

  it('treats two typed keys with one name as different keys', () => {
    const other = new MetadataKey<string>('trace.span.id');
    const metadata = ToolCallMetadata.of([[SpanId, 'x']]);
    expect(metadata.get(other)).toBeUndefined();
  });
});
