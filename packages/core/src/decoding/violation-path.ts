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
  if (known.size >= 10_000) known.clear();
  known.set(pointer, path);
  return path;
}

/** Pointers seen before (the same few paths fail again and again), bounded. */
const known = new Map<string, string>();

function convert(pointer: string): string {
  let path = '';
  for (const segment of pointer.slice(1).split('/')) {
    path = /^(?:0|[1-9]\d*)$/.test(segment) ? childPath(path, Number(segment)) : childPath(path, decodePointerSegment(segment));
  }
  return path;
}
