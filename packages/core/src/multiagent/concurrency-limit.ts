/**
 * @param value - a `maxConcurrency` option
 * @returns whether it is a positive integer or Infinity
 */
export function isConcurrencyLimit(value: unknown): value is number {
  return value === Number.POSITIVE_INFINITY || (Number.isInteger(value) && (value as number) >= 1);
}

/** What a `maxConcurrency` must be, for errors. */
export const concurrencyLimitExpected = 'a positive integer (or Infinity)';
