/**
 * Whether a value is an iterable object (an array, a Set, a generator...). Strings are not objects,
 * so a string is never read as a list of characters.
 * @param value - any value
 * @returns true for an object with a `Symbol.iterator` method
 */
export function isIterable(value: unknown): value is Iterable<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function';
}
