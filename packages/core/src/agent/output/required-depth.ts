import type { JsonSchema } from '../../schema/json-schema.js';

/**
 * How deep every value a JSON Schema accepts nests (objects and arrays, the root object being 1), as
 * the argument limits count it: the depth its required properties and non-empty arrays force. An
 * optional property, an empty array, a branch of `anyOf`/`oneOf` or a type that is not an object or
 * array lets a value stop; a `$ref` to this document is followed, one met again (recursion) or to
 * another document counts 0. So a schema is refused for depth only when no answer could pass.
 * @param schema - the schema (an output type's compiled JSON Schema)
 * @returns the least nesting of the values it accepts
 * @internal
 */
export function requiredDepth(schema: JsonSchema): number {
  return depthOf(schema, schema, new Set());
}

function depthOf(schema: unknown, root: JsonSchema, following: Set<unknown>): number {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return 0;
  const node = schema as Record<string, unknown>;
  let depth = 0;
  if (typeof node.$ref === 'string') {
    const target = resolveLocal(root, node.$ref);
    if (target !== undefined && !following.has(target)) {
      following.add(target);
      depth = depthOf(target, root, following);
      following.delete(target);
    }
  }
  if (Array.isArray(node.allOf)) for (const part of node.allOf) depth = Math.max(depth, depthOf(part, root, following));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (Array.isArray(branches) && branches.length > 0)
      depth = Math.max(depth, Math.min(...branches.map((branch: unknown) => depthOf(branch, root, following))));
  }
  return Math.max(depth, ownDepth(node, root, following));
}

/** The depth the node's own type forces: an object its required properties, an array its first items. */
function ownDepth(node: Record<string, unknown>, root: JsonSchema, following: Set<unknown>): number {
  const types = Array.isArray(node.type) ? (node.type as unknown[]) : node.type === undefined ? undefined : [node.type];
  if (types === undefined || types.length !== 1) return 0;
  if (types[0] === 'object') {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    const required = Array.isArray(node.required) ? (node.required as unknown[]) : [];
    let inner = 0;
    for (const key of required)
      if (typeof key === 'string' && Object.hasOwn(properties, key)) inner = Math.max(inner, depthOf(properties[key], root, following));
    return 1 + inner;
  }
  if (types[0] === 'array') {
    const minItems = typeof node.minItems === 'number' ? node.minItems : 0;
    if (minItems <= 0) return 1;
    const prefix = Array.isArray(node.prefixItems)
      ? (node.prefixItems as unknown[])
      : Array.isArray(node.items)
        ? (node.items as unknown[])
        : [];
    let inner = 0;
    for (let index = 0; index < minItems; index++) {
      const item = index < prefix.length ? prefix[index] : Array.isArray(node.items) ? node.additionalItems : node.items;
      inner = Math.max(inner, depthOf(item, root, following));
    }
    return 1 + inner;
  }
  return 0;
}

/** The subschema a `#...` JSON Pointer names in the document, or undefined. */
function resolveLocal(root: JsonSchema, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let target: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof target !== 'object' || target === null || !Object.hasOwn(target, key)) return undefined;
    target = (target as Record<string, unknown>)[key];
  }
  return target;
}
