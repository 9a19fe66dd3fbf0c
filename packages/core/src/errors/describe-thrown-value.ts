/** How much of a thrown value to describe: its message only, or its class, message and causes. */
export type ThrownValueDetail = 'message' | 'full';

/** Options of {@link describeThrownValue}. */
export interface DescribeThrownValueOptions {
  /** `'message'` (default): the message only; `'full'`: `Name: message` and the cause chain. */
  detail?: ThrownValueDetail;
  /** The longest text returned, in characters; default {@link defaultDescriptionChars}. */
  maxChars?: number;
}

/** The default bound of a description, in characters. */
export const defaultDescriptionChars = 2_000;

const maxCauses = 5;

/**
 * Describes any thrown value as text, and never throws: not for `Object.create(null)`, a value whose
 * `toString`, `Symbol.toPrimitive` or `message` getter throws, a Proxy whose traps throw or a revoked
 * Proxy. Errors are recognised structurally (string `name` and `message`), so an `Error` of another
 * realm (a `vm` context, a worker) is told as an error too. A non-error object is told by its
 * `message` string when it has one, else as `a thrown object (ClassName)`: its fields (stacks, paths,
 * headers) are never dumped. The text is cut to `maxChars`.
 * @param value - what was thrown
 * @param options - how much to tell and the length bound
 * @returns the description
 * @example
 * describeThrownValue(new TypeError('bad'), { detail: 'full' }); // 'TypeError: bad'
 * describeThrownValue({ config: { headers: {} } }); // 'a thrown object (Object)'
 */
export function describeThrownValue(value: unknown, options: DescribeThrownValueOptions = {}): string {
  const maxChars = options.maxChars ?? defaultDescriptionChars;
  try {
    const text = options.detail === 'full' ? fullDescription(value) : messageOf(value);
    return bounded(text, maxChars);
  } catch {
    return 'a thrown value that cannot be described';
  }
}

/**
 * Reads an error-like value's `name` and `message`, recognised structurally; never throws.
 * @param value - any value
 * @returns the name and message, or undefined when the value is not error-like
 */
export function errorParts(value: unknown): { name: string; message: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = safeRead(value, 'message');
  const name = safeRead(value, 'name');
  if (typeof message !== 'string' || typeof name !== 'string') return undefined;
  return { name, message };
}

function messageOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return primitiveText(value);
  const message = safeRead(value, 'message');
  if (typeof message === 'string') return message;
  return `a thrown ${isErrorLike(value) ? 'error' : 'object'} (${className(value)})`;
}

function fullDescription(value: unknown): string {
  const parts: string[] = [];
  let current: unknown = value;
  for (let depth = 0; depth < maxCauses && current !== undefined && current !== null; depth++) {
    const error = errorParts(current);
    parts.push(error === undefined ? messageOf(current) : `${error.name}: ${error.message}`);
    current = typeof current === 'object' ? safeRead(current, 'cause') : undefined;
  }
  return parts.join('\n  caused by ');
}

function isErrorLike(value: object): boolean {
  try {
    return value instanceof Error || typeof safeRead(value, 'stack') === 'string';
  } catch {
    return false;
  }
}

function className(value: object): string {
  try {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype === null) return 'null prototype';
    const constructor = safeRead(prototype as object, 'constructor');
    const name = typeof constructor === 'function' ? safeRead(constructor, 'name') : undefined;
    return typeof name === 'string' && name !== '' ? bounded(name, 80) : 'anonymous class';
  } catch {
    return 'unreadable';
  }
}

function primitiveText(value: unknown): string {
  // Symbols, bigints, numbers, booleans, undefined, null and functions: String() is safe for all but
  // functions, whose source is not shown.
  if (typeof value === 'function') return 'a thrown function';
  return String(value);
}

function safeRead(target: object, key: string): unknown {
  try {
    return (target as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

function bounded(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}... [${text.length - maxChars} more characters cut]`;
}
