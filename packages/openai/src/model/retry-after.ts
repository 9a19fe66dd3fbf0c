/** The headers of a failed response, as the `openai` client exposes them. */
export interface HeadersLike {
  get(name: string): string | null;
}

/**
 * Reads how long the server asked the client to wait: `retry-after-ms`
 * (milliseconds, OpenAI's own header) first, then `retry-after` as seconds or as an
 * HTTP date.
 * @param headers - the response headers, if any
 * @param now - the current time in ms since the epoch (for HTTP dates)
 * @returns the wait in milliseconds (never negative), or `undefined` when not given
 */
export function retryAfterMs(headers: HeadersLike | undefined, now: number = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const milliseconds = parseNumber(headers.get('retry-after-ms'));
  if (milliseconds !== undefined) return Math.max(0, milliseconds);
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter === undefined || retryAfter === '') return undefined;
  const seconds = parseNumber(retryAfter);
  if (seconds !== undefined) return Math.max(0, seconds * 1000);
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function parseNumber(text: string | null): number | undefined {
  if (text === null || !/^\s*\d+(\.\d+)?\s*$/.test(text)) return undefined;
  return Number.parseFloat(text);
}
