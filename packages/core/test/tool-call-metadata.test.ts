import { ContextAwareTool, MetadataKey, ToolBase, ToolCallMetadata } from '../src/index.js';

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
    expect(metadata.has('trace.span.id')).toBe(true);
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

  it('treats a typed key as a view of its name: the string and every key of that name address one entry', () => {
    const other = new MetadataKey<string>('trace.span.id');
    expect(ToolCallMetadata.of([[SpanId, 'x']]).get(other)).toBe('x');
    const provided = ToolCallMetadata.of({ 'trace.span.id': 'from-a-feature' });
    expect(provided.get(SpanId)).toBe('from-a-feature');
    expect(provided.merge([[SpanId, 'typed']]).toJSON()).toEqual({ 'trace.span.id': 'typed' });
    expect(ToolCallMetadata.of([[SpanId, 'x']]).toJSON()).toEqual({ 'trace.span.id': 'x' });
  });

  it("keeps the framework's keys out of reach of every name", () => {
    const context = { runId: 'real' };
    const metadata = ToolCallMetadata.of([[ContextAwareTool.AgentContextKey, context]]).merge({
      [ContextAwareTool.AgentContextKey.name]: 'forged',
    });
    expect(metadata.get(ContextAwareTool.AgentContextKey)).toBe(context);
    expect(metadata.get(new MetadataKey(ContextAwareTool.AgentContextKey.name))).toBe('forged');
    expect(ToolBase.SignalKey.isPrivate).toBe(true);
    expect(MetadataKey.shared('toolcraft.signal')).toBe(ToolBase.SignalKey);
  });

  it('copies metadata of another kind by its entries and never calls its methods', () => {
    const forged = new Map<unknown, unknown>([['user', 'ada']]);
    const foreign = {
      [Symbol.for('toolcraft.ToolCallMetadata')]: true,
      values: forged,
      merge: () => {
        throw new Error('merge must not be called');
      },
      entries: () => {
        throw new Error('entries must not be called');
      },
      get: () => 'forged',
    };
    const metadata = ToolCallMetadata.of({ a: 1 }).merge(foreign as unknown as ToolCallMetadata);
    expect(metadata.toJSON()).toEqual({ a: 1, user: 'ada' });
    expect(metadata.get('a')).toBe(1);
  });

  it('refuses something that is not metadata with a clear TypeError', () => {
    expect(() => ToolCallMetadata.of(42 as unknown as Record<string, unknown>)).toThrow(
      /Metadata must be a ToolCallMetadata, \[key, value\] pairs or a plain object, but was number/,
    );
    expect(ToolCallMetadata.of(null)).toBe(ToolCallMetadata.empty);
  });
});
