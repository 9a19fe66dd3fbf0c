import { retryAfterMs } from '../src/index';

function headers(entries: Record<string, string>): Headers {
  return new Headers(entries);
}

describe('retryAfterMs', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');

  it('reads retry-after-ms as milliseconds, before retry-after', () => {
    expect(retryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '3' }), now)).toBe(250);
  });

  it('reads retry-after as seconds, fractions included', () => {
    expect(retryAfterMs(headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(headers({ 'retry-after': '0.5' }), now)).toBe(500);
  });

  it('reads retry-after as an HTTP date, never below zero', () => {
    expect(retryAfterMs(headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:10 GMT' }), now)).toBe(10_000);
    expect(retryAfterMs(headers({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' }), now)).toBe(0);
  });

  it('returns undefined without headers or for values it cannot read', () => {
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs(headers({}))).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(retryAfterMs(headers({ 'retry-after-ms': '-5' }))).toBeUndefined();
  });
});
