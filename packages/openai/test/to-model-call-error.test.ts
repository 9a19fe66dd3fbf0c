import { isRetryableError, isRetryableStatus, ModelCallError } from '@toolcraft/core';
import { APIConnectionError, APIError } from 'openai';
import { toModelCallError } from '../src/model/to-model-call-error';

const statuses = [400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503, 504];

describe('toModelCallError', () => {
  it("marks a status retryable exactly when core's one retry rule does", () => {
    for (const status of statuses) {
      const error = toModelCallError(APIError.generate(status, undefined, `status ${status}`, new Headers()), 'gpt-4o-mini');
      expect([status, error.retryable]).toEqual([status, isRetryableStatus(status)]);
      expect([status, error.retryable]).toEqual([status, isRetryableError(Object.assign(new Error('plain'), { status }))]);
    }
  });

  it("follows the server's x-should-retry header", () => {
    const refused = APIError.generate(503, undefined, 'busy', new Headers({ 'x-should-retry': 'false' }));
    expect(toModelCallError(refused, 'm').retryable).toBe(false);
  });

  it('keeps the status and the wait from retry-after-ms or retry-after', () => {
    const limited = APIError.generate(429, undefined, 'slow down', new Headers({ 'retry-after': '2' }));
    expect(toModelCallError(limited, 'm')).toMatchObject({ status: 429, retryable: true, retryAfterMs: 2_000 });
  });

  it('does not retry a 429 for an exhausted quota', () => {
    const quota = APIError.generate(429, { error: { code: 'insufficient_quota' } }, 'quota', new Headers());
    expect(toModelCallError(quota, 'm').retryable).toBe(false);
  });

  it('retries connection errors and returns a ModelCallError unchanged', () => {
    expect(toModelCallError(new APIConnectionError({ message: 'reset' }), 'm').retryable).toBe(true);
    const own = new ModelCallError('x', { retryable: false });
    expect(toModelCallError(own, 'm')).toBe(own);
  });
});
