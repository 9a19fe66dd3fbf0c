import { describeThrownValue } from '@toolcraft/core';

/**
 * What went wrong with a request that got no answer, for the model: `fetch`'s own message and the
 * causes it wraps (`fetch failed: other side closed (UND_ERR_SOCKET)`,
 * `fetch failed: connect ECONNREFUSED 127.0.0.1:8080`).
 * @param error - what `fetch` threw
 * @returns the message with its causes
 */
export function describeNetworkError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    const item: unknown =
      current instanceof AggregateError && current.errors.length > 0 && current.message === '' ? (current.errors as unknown[])[0] : current;
    if (typeof item !== 'object' || item === null) {
      parts.push(String(item));
      break;
    }
    const { message, code } = item as { message?: unknown; code?: unknown };
    const text = typeof message === 'string' && message !== '' ? message : describeThrownValue(item);
    parts.push(typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text);
    current = (item as { cause?: unknown }).cause;
  }
  return parts.join(': ');
}
