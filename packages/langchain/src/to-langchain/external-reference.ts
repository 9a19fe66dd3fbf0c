/**
 * The first `$ref` of a schema that points into another document (not `#...`), if any: LangChain
 * sends a tool's schema to the model as it is and checks arguments against it alone, so such a
 * reference can be resolved by neither.
 * @param schema - a JSON Schema
 * @returns the reference, or undefined
 */
export function externalReference(schema: unknown): string | undefined {
  const pending: unknown[] = [schema];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) return ref;
    pending.push(...(Object.values(node) as unknown[]));
  }
  return undefined;
}
