/**
 * The first `$ref` of a document that names something outside it (a file, a URL), with where it
 * is: a spec given as an object or as text has no folder of its own, so such a `$ref` is refused
 * rather than read from the process's working folder (see `loadSpec`).
 * @param document - the parsed spec
 * @returns the reference and its JSON Pointer in the document, or undefined when every `$ref` is local
 */
export function firstExternalRef(document: unknown): { ref: string; at: string } | undefined {
  const pending: Array<{ node: unknown; at: string }> = [{ node: document, at: '' }];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const { node, at } = pending.pop()!;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    const ref = (node as { $ref?: unknown }).$ref;
    if (Object.hasOwn(node, '$ref') && typeof ref === 'string' && !ref.startsWith('#')) return { ref, at: at === '' ? '/' : at };
    const entries: Array<readonly [string, unknown]> = Array.isArray(node)
      ? (node as unknown[]).map((item, index) => [String(index), item] as const)
      : Object.entries(node);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, value] = entries[index]!;
      pending.push({ node: value, at: `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}` });
    }
  }
  return undefined;
}
