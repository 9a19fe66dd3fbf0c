import type { JsonSchema } from '@toolcraft/core';
import { resolveLocalReference } from '@toolcraft/core/internal';
import { isSchemaObject } from './schema-refusal.js';

/**
 * The local `$ref`s of a schema that lead back to themselves (a recursive type: a tree, a linked
 * list), directly or through other references.
 * @param root - the schema document
 * @returns the references that are part of a cycle
 */
export function recursiveReferences(root: JsonSchema): ReadonlySet<string> {
  const outgoing = new Map<string, string[]>();
  const pending = referencesIn(root);
  while (pending.length > 0) {
    const reference = pending.pop()!;
    if (outgoing.has(reference)) continue;
    const target = resolveLocalReference(root, reference);
    const next = target === undefined ? [] : referencesIn(target);
    outgoing.set(reference, next);
    pending.push(...next);
  }
  const cyclic = new Set<string>();
  for (const start of outgoing.keys()) if (reaches(start, start, outgoing)) cyclic.add(start);
  return cyclic;
}

function reaches(from: string, to: string, outgoing: ReadonlyMap<string, string[]>): boolean {
  const seen = new Set<string>();
  const stack = [...(outgoing.get(from) ?? [])];
  while (stack.length > 0) {
    const reference = stack.pop()!;
    if (reference === to) return true;
    if (seen.has(reference)) continue;
    seen.add(reference);
    stack.push(...(outgoing.get(reference) ?? []));
  }
  return false;
}

/** Every `$ref` string under a node, not following them (the root's own `$defs` included). */
function referencesIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) referencesIn(item, found);
  else if (isSchemaObject(node)) {
    for (const [keyword, value] of Object.entries(node)) {
      if (keyword === '$ref' && typeof value === 'string') found.push(value);
      else if (keyword !== 'enum' && keyword !== 'const' && keyword !== 'default' && keyword !== 'examples') referencesIn(value, found);
    }
  }
  return found;
}
