import { ModelCallError } from '../src/index';
import { backoffDelay, retryDelay } from '../src/agent/backoff';
import { isRetryableError } from '../src/agent/is-retryable-error';

const options = { baseDelayMs: 500, maxDelayMs: 30_000 };

describe('backoffDelay', () => {
  it('draws from [0, baseDelayMs * 2 ** attempt) with the random source', () => {
    expect([0, 1, 2, 3].map((attempt) => backoffDelay(attempt, options, () => 0.5))).toEqual([250, 500, 1_000, 2_000]);
  });

  it('is 0 when the random source gives 0 (full jitter)', () => {
    expect(backoffDelay(5, options, () => 0)).toBe(0);
  });

  it('never reaches maxDelayMs, however many attempts were made', () => {
    expect(backoffDelay(10, options, () => 0.999)).toBeLessThan(30_000);
    expect(backoffDelay(2_000, options, () => 0.5)).toBe(15_000);
  });

  it('clamps a random source that leaves [0, 1)', () => {
    expect(backoffDelay(0, options, () => 7)).toBeLessThan(500);
    expect(backoffDelay(0, options, () => -1)).toBe(0);
    expect(backoffDelay(0, options, () => Number.NaN)).toBe(0);
  });
});

describe('retryDelay', () => {
  it('is the backoff delay when the server sent no retry-after', () => {
    expect(retryDelay(1, undefined, options, () => 0.5)).toBe(500);
  });

  it('waits at least the retry-after', () => {
    expect(retryDelay(0, 2_000, options, () => 0.5)).toBe(2_000);
    expect(retryDelay(4, 10, options, () => 0.5)).toBe(4_000);
  });

  it('caps the retry-after at maxDelayMs', () => {
    expect(retryDelay(0, 120_000, options, () => 0)).toBe(30_000);
  });
});

describe('isRetryableError', () => {
  it('follows the retryable flag of a ModelCallError, whatever its status', () => {
    expect(isRetryableError(new ModelCallError('x', { retryable: true }))).toBe(true);
    expect(isRetryableError(new ModelCallError('x', { retryable: false, status: 503 }))).toBe(false);
  });

  it('retries other errors with status 408, 429 or 5xx, and no other status', () => {
    const withStatus = (status: number) => Object.assign(new Error(String(status)), { status });
    expect([408, 429, 500, 502, 503, 599].map((status) => isRetryableError(withStatus(status)))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([400, 401, 403, 404, 422].map((status) => isRetryableError(withStatus(status)))).toEqual([false, false, false, false, false]);
    expect(isRetryableError({ statusCode: 502 })).toBe(true);
  });

  it('retries network errors by code, on the error or its cause', () => {
    expect(isRetryableError(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isRetryableError(new Error('fetch failed', { cause: Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }) }))).toBe(true);
    expect(isRetryableError(Object.assign(new Error('no file'), { code: 'ENOENT' }))).toBe(false);
  });

  it('does not retry plain errors and non-errors', () => {
    expect(isRetryableError(new Error('bug'))).toBe(false);
    expect(isRetryableError('boom')).toBe(false);
    expect(isRetryableError(undefined)).toBe(false);
  });
});
