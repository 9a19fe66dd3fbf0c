/**
 * Describes a value given as an option (not a thrown one): strings quoted and cut at 60 characters,
 * numbers, booleans, `null` and `undefined` as they are, arrays by length, functions by name, and
 * objects by class and first keys. Never throws, whatever the value.
 * @param value - any value
 * @returns a short description
 * @example
 * describeValue('abc');          // "'abc'"
 * describeValue([1, 2]);         // 'an array of 2 items'
 * describeValue({ a: 1, b: 2 }); // 'an object with keys a, b'
 */
export function describeValue(value: unknown): string {
  try {
    return describe(value);
  } catch {
    return 'a value that cannot be described';
  }
}

function describe(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value.length > 60 ? `'${value.slice(0, 57)}...' (${value.length} characters)` : `'${value}'`;
    case 'number':
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'bigint':
      return `${String(value)}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return value.name ? `a function (${value.name})` : 'a function';
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 1 ? 'an array of 1 item' : `an array of ${value.length} items`;
  const prototype: unknown = Object.getPrototypeOf(value);
  const constructor = prototype === null ? undefined : (prototype as { constructor?: { name?: unknown } }).constructor;
  const className = typeof constructor?.name === 'string' ? constructor.name : '';
  if (className !== '' && className !== 'Object') return `an instance of ${className}`;
  const keys = Object.keys(value as object);
  if (keys.length === 0) return 'an empty object';
  const shown = keys.slice(0, 5).join(', ');
  return `an object with keys ${shown}${keys.length > 5 ? ', ...' : ''}`;
}
