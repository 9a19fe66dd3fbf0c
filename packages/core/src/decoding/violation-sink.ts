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
 * A long string is cut, with an ellipsis and its full length.
 * @param value - any JSON value
 * @param maxQuoted - the longest quoted text kept, in characters (default 80)
 * @returns a short description
 */
export function describeValue(value: unknown, maxQuoted = 80): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return value.length > maxQuoted
        ? `string ${JSON.stringify(value.slice(0, maxQuoted))}… (${value.length} characters)`
        : `string ${JSON.stringify(value)}`;
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
 * Quotes a value (an allowed value, a constant) for a message, cut like {@link describeValue}.
 * @param value - a JSON value
 * @param maxQuoted - the longest text kept
 * @returns its JSON, cut with an ellipsis when longer
 */
export function quoteValue(value: unknown, maxQuoted = 80): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > maxQuoted ? `${text.slice(0, maxQuoted)}… (${text.length} characters)` : text;
}
