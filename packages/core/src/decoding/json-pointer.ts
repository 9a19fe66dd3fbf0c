import type { JsonSchema } from '../schema/json-schema.js';

/**
 * Decodes one segment of a JSON Pointer (RFC 6901), URI-fragment escapes included.
 * @param segment - e.g. `a~1b` or `a%20b`
 * @returns the key, e.g. `a/b`
 */
export function decodePointerSegment(segment: string): string {
  const text = segment.includes('%') ? safeDecodeUri(segment) : segment;
  return text.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Resolves a local `$ref` (`#/...`) inside a root schema.
 * @param root - the schema holding the target
 * @param reference - the reference, e.g. `#/$defs/Node`
 * @returns the target schema, or undefined when it is not local or not found
 */
export function resolveLocalReference(root: JsonSchema, reference: string): JsonSchema | undefined {
  if (reference === '#') return root;
  if (!reference.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of reference.slice(2).split('/')) {
    const key = decodePointerSegment(part);
    node = typeof node === 'object' && node !== null && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  }
  return typeof node === 'object' && node !== null ? (node as JsonSchema) : undefined;
}

function safeDecodeUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
