/**
 * A deep, frozen copy of messages to show a context provider: what it does to them (assigning a
 * message's content, pushing to the list) changes neither the transcript nor the session, and fails
 * loudly in strict mode instead of silently rewriting a copy. Arrays and plain objects are copied
 * and frozen; a `URL` (an image part's address) is copied; other values are kept.
 * @param value - the messages (or any part of them)
 * @returns the frozen copy
 * @internal
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map((item: unknown) => frozenCopy(item))) as T;
  if (value instanceof URL) return new URL(value.href) as T;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = frozenCopy((value as Record<string, unknown>)[key]);
  return Object.freeze(copy) as T;
}
