import { decodePointerSegment } from './json-pointer.js';

/**
 * The path of a property inside its parent, as violations show it: `name`, `parent.name`, `items[2]`.
 * @param parent - the parent's path (empty for the argument object)
 * @param key - a property name, or an array index
 * @returns the child's path
 */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent === '' ? key : `${parent}.${key}`;
}

/**
 * Turns a JSON Pointer to a value (ajv's `instancePath`) into a violation path.
 * @param pointer - e.g. `/items/2/name`
 * @returns e.g. `items[2].name`
 */
export function pathFromPointer(pointer: string): string {
  if (pointer === '') return '';
  let path = known.get(pointer);
  if (path !== undefined) return path;
  path = convert(pointer);
  // Keys are the model's: only short pointers are kept, so the cache holds at most ~2.5 M characters.
  if (pointer.length > maxCachedPointer) return path;
  if (known.size >= maxCachedPointers) known.clear();
  known.set(pointer, path);
  return path;
}

/** Pointers seen before (the same few paths fail again and again), bounded in count and in length. */
const known = new Map<string, string>();
const maxCachedPointers = 10_000;
const maxCachedPointer = 128;

/**
 * For tests: how many characters the pointer cache holds (pointers and paths).
 * @returns the total length of the cached pointers and paths
 * @internal
 */
export function cachedPathChars(): number {
  let total = 0;
  for (const [pointer, path] of known) total += pointer.length + path.length;
  return total;
}

function convert(pointer: string): string {
  let path = '';
  for (const segment of pointer.slice(1).split('/')) {
    path = /^(?:0|[1-9]\d*)$/.test(segment) ? childPath(path, Number(segment)) : childPath(path, decodePointerSegment(segment));
  }
  return path;
}
