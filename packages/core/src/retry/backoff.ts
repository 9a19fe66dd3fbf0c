import type { HeadersLike } from './retry-policy.js';

/** The numbers {@link backoffDelay} and {@link retryDelay} need. */
export interface BackoffOptions {
  /** The delay ceiling of the first retry, doubled on each further retry. */
  baseDelayMs: number;
  /** No delay is longer than this. */
  maxDelayMs: number;
}

/**
 * Exponential backoff with full jitter: a random delay in
 * `[0, min(maxDelayMs, baseDelayMs * 2 ** attempt))`.
 * @param attempt - the retry's index, from 0 for the first retry
 * @param options - base and maximum delay
 * @param random - a number source in [0, 1)
 * @returns the delay in whole milliseconds
 * @example
 * backoffDelay(2, { baseDelayMs: 500, maxDelayMs: 30_000 }, () => 0.5); // 1000
 */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** attempt);
  return Math.floor(clampUnit(random()) * Math.max(0, ceiling));
}

/**
 * The wait before a retry: the server's `retry-after` when it sent one (at least that long,
 * capped by `maxDelayMs`), otherwise {@link backoffDelay}.
 * @param attempt - the retry's index, from 0 for the first retry
 * @param retryAfterMs - how long the server asked to wait, if it did
 * @param options - base and maximum delay
 * @param random - a number source in [0, 1)
 * @returns the delay in milliseconds
 */
export function retryDelay(attempt: number, retryAfterMs: number | undefined, options: BackoffOptions, random: () => number): number {
  const backoff = backoffDelay(attempt, options, random);
  if (retryAfterMs === undefined || !Number.isFinite(retryAfterMs)) return backoff;
  return Math.min(options.maxDelayMs, Math.max(retryAfterMs, backoff, 0));
}

/**
 * Reads how long a server asked the client to wait: `retry-after-ms` (milliseconds, OpenAI's
 * header) first, then `retry-after` as seconds or as an HTTP date.
 * @param headers - the response headers, if any
 * @param now - the current time in ms since the epoch (for HTTP dates)
 * @returns the wait in milliseconds (never negative), or `undefined` when not given
 * @example
 * retryAfterMs(new Headers({ 'retry-after': '3' })); // 3000
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

function clampUnit(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return value >= 1 ? 1 - Number.EPSILON : value;
}
