import type { JsonSchema } from '@toolcraft/core';

/**
 * Resolves a local `$ref` (`#/$defs/Name`, `#/definitions/Name`, any JSON Pointer
 * fragment) against the root schema.
 * @param root - the root schema
 * @param ref - the reference
 * @returns the schema it points to, or `undefined` when it is not a local pointer to an object
 */
export function resolveLocalRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  const pointer = decodeURIComponent(ref.slice(1));
  if (pointer !== '' && !pointer.startsWith('/')) return undefined;
  let target: unknown = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof target !== 'object' || target === null || !Object.hasOwn(target, key)) return undefined;
    target = (target as Record<string, unknown>)[key];
  }
  return typeof target === 'object' && target !== null && !Array.isArray(target) ? (target as JsonSchema) : undefined;
}
