import { runInNewContext } from 'node:vm';
import { describeThrownValue, ToolTimeoutError } from '../src/index.js';

const throwing = () => {
  throw new Error('boom');
};

describe('describeThrownValue', () => {
  it("tells an Error by its message, and with detail 'full' by its class, message and causes", () => {
    const error = new TypeError('bad input', { cause: new Error('upstream 503') });
    expect(describeThrownValue(error)).toBe('bad input');
    expect(describeThrownValue(error, { detail: 'full' })).toBe('TypeError: bad input\n  caused by Error: upstream 503');
  });

  it('recognises an Error of another realm structurally', () => {
    const foreign: unknown = runInNewContext('new RangeError("from a vm")');
    expect(foreign instanceof Error).toBe(false);
    expect(describeThrownValue(foreign)).toBe('from a vm');
    expect(describeThrownValue(foreign, { detail: 'full' })).toBe('RangeError: from a vm');
  });

  it('never dumps the fields of a thrown non-Error object', () => {
    const axiosLike = { config: { headers: { Authorization: 'Bearer sk-secret' } }, stack: '/home/app/src/x.ts:1' };
    expect(describeThrownValue(axiosLike)).toBe('a thrown error (Object)');
    expect(describeThrownValue({ code: 42, path: '/etc/passwd' })).toBe('a thrown object (Object)');
    expect(describeThrownValue({ message: 'has a message', token: 'sk-secret' })).toBe('has a message');
    class Failure {}
    expect(describeThrownValue(new Failure(), { detail: 'full' })).toBe('a thrown object (Failure)');
  });

  it('never throws, whatever was thrown', () => {
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    const hostile = new Proxy(
      {},
      {
        get: throwing,
        getPrototypeOf: throwing,
        has: throwing,
        ownKeys: throwing,
        getOwnPropertyDescriptor: throwing,
      },
    );
    const getterError = new Error('x');
    Object.defineProperty(getterError, 'message', { get: throwing });
    const values: unknown[] = [
      Object.create(null),
      { toString: throwing, [Symbol.toPrimitive]: throwing },
      revocable.proxy,
      hostile,
      getterError,
      Symbol('s'),
      10n,
      undefined,
      null,
      () => 1,
    ];
    for (const value of values) expect(typeof describeThrownValue(value, { detail: 'full' })).toBe('string');
    for (const value of values) expect(typeof describeThrownValue(value)).toBe('string');
    expect(describeThrownValue(Object.create(null))).toBe('a thrown object (null prototype)');
    expect(describeThrownValue(getterError)).toBe('a thrown error (Error)');
    expect(describeThrownValue(undefined)).toBe('undefined');
  });

  it('bounds the text of long strings and messages', () => {
    const text = describeThrownValue('x'.repeat(10_000), { maxChars: 100 });
    expect(text).toBe(`${'x'.repeat(100)}... [9900 more characters cut]`);
    expect(describeThrownValue(new Error('y'.repeat(5_000))).length).toBeLessThan(2_100);
  });

  it('stops a cause chain that loops', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    (first as { cause?: unknown }).cause = second;
    expect(describeThrownValue(first, { detail: 'full' }).split('caused by')).toHaveLength(5);
  });

  it('describes a toolcraft error like any other error', () => {
    const error = new ToolTimeoutError('calculator', 5);
    expect(describeThrownValue(error, { detail: 'full' })).toBe(
      "ToolTimeoutError: Tool 'calculator' did not finish within 5 ms and was stopped.",
    );
  });
});
