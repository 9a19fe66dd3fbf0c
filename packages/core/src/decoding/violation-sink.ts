import type { ArgumentViolation } from '../errors/tool-arguments-error.js';

/** Collects the violations of one decode. */
export type ViolationSink = ArgumentViolation[];

/**
 * Records one violation, its message led by the property path.
 * @param sink - where to record
 * @param path - the property path (empty for the whole argument object)
 * @param constraint - the constraint's name
 * @param detail - what was wrong and what was expected
 */
export function addViolation(sink: ViolationSink, path: string, constraint: string, detail: string): void {
  sink.push({ path, constraint, message: `${path === '' ? 'arguments' : `'${path}'`}: ${detail}` });
}

/**
 * Describes a received value for a message, briefly: `string "x"`, `number 42`, `null`, `an array`.
 * @param value - any JSON value
 * @returns a short description
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string': {
      const text = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      return `string ${JSON.stringify(text)}`;
    }
    case 'number':
    case 'boolean':
      return `${typeof value} ${String(value)}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

/**
 * Joins a parent path and a property name.
 * @returns `name`, or `parent.name`
 */
export function childPath(parent: string, name: string): string {
  return parent === '' ? name : `${parent}.${name}`;
}
