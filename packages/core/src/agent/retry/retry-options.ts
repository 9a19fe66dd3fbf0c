/**
 * How the agent loop retries failed model calls: exponential backoff with full jitter,
 * for retryable errors only (see `isRetryableError` and `isRetryableStatus`).
 */
export interface RetryOptions {
  /** Retries after the first attempt; default 3 (so at most 4 attempts). `0` disables retries. */
  maxRetries?: number;
  /** The backoff base: retry `n` (from 0) waits a random time up to `baseDelayMs * 2 ** n`; default 500. */
  baseDelayMs?: number;
  /** No wait is longer than this, a server's `retry-after` included; default 30,000. */
  maxDelayMs?: number;
  /** The random source of the jitter, returning a number in [0, 1); default `Math.random`. */
  random?: () => number;
  /** Waits `ms` milliseconds, rejecting when `signal` aborts; default a timer. For tests. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** {@link RetryOptions} with every number filled in. */
export type ResolvedRetryOptions = Required<Pick<RetryOptions, 'maxRetries' | 'baseDelayMs' | 'maxDelayMs' | 'random'>> &
  Pick<RetryOptions, 'sleep'>;

/** The defaults of {@link RetryOptions}. */
export const defaultRetryOptions = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
} as const;

/**
 * Fills in the defaults of {@link RetryOptions}.
 * @param options - the caller's options, if any
 * @returns the options with defaults
 */
export function resolveRetryOptions(options: RetryOptions = {}): ResolvedRetryOptions {
  return {
    maxRetries: options.maxRetries ?? defaultRetryOptions.maxRetries,
    baseDelayMs: options.baseDelayMs ?? defaultRetryOptions.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? defaultRetryOptions.maxDelayMs,
    random: options.random ?? Math.random,
    ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
  };
}
