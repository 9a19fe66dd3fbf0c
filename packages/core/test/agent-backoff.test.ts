import { ModelCallError } from '../src/index';
import { backoffDelay, retryAfterMs, retryDelay } from '../src/retry/backoff';
import { isRetryableError, isRetryableStatus } from '../src/retry/retry-policy';

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

  it('retries other errors with status 408, 409, 429 or 5xx, and no other status (the one rule of isRetryableStatus)', () => {
    const withStatus = (status: number) => Object.assign(new Error(String(status)), { status });
    const retryable = [408, 409, 429, 500, 502, 503, 599];
    const final = [400, 401, 403, 404, 422];
    expect(retryable.map((status) => isRetryableError(withStatus(status)))).toEqual(retryable.map(() => true));
    expect(final.map((status) => isRetryableError(withStatus(status)))).toEqual(final.map(() => false));
    expect(isRetryableError({ statusCode: 502 })).toBe(true);
  });

  it("follows the server's x-should-retry header of an error's response headers", () => {
    const withHeaders = (status: number, shouldRetry: string) =>
      Object.assign(new Error(String(status)), { status, headers: new Headers({ 'x-should-retry': shouldRetry }) });
    expect(isRetryableError(withHeaders(503, 'false'))).toBe(false);
    expect(isRetryableError(withHeaders(400, 'true'))).toBe(true);
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

describe('isRetryableStatus', () => {
  it('accepts 408, 409, 429 and every status from 500, and refuses the other statuses', () => {
    const statuses = [400, 401, 403, 404, 408, 409, 422, 429, 500, 503, 504, 599];
    expect(statuses.filter((status) => isRetryableStatus(status))).toEqual([408, 409, 429, 500, 503, 504, 599]);
  });

  it('lets x-should-retry decide when the server sent it', () => {
    expect(isRetryableStatus(500, new Headers({ 'x-should-retry': 'false' }))).toBe(false);
    expect(isRetryableStatus(400, new Headers({ 'x-should-retry': 'true' }))).toBe(true);
    expect(isRetryableStatus(429, new Headers({ 'x-should-retry': 'maybe' }))).toBe(true);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads retry-after-ms as milliseconds, before retry-after', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '3' }), now)).toBe(250);
  });

  it('reads retry-after as seconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5' }), now)).toBe(500);
  });

  it('reads retry-after as an HTTP date, never negative', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:10 GMT' }), now)).toBe(10_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }), now)).toBe(0);
  });

  it('is undefined without headers, without the header, or for values it cannot read', () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs(new Headers({}))).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '-5' }))).toBeUndefined();
  });
});
