import { ToolcraftError } from '@toolcraft/core';

const errorName = 'RedisStoreInputError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A Redis store was given an impossible option (thrown by its constructor) or argument (a run id or
 * session address that is not a non-empty string; the promise rejects, nothing is read or written).
 */
export class RedisStoreInputError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param input - the option's or argument's name, e.g. `'ttlSeconds'` or `'runId'`
   * @param value - the value given
   * @param expected - what was expected
   */
  constructor(
    readonly input: string,
    readonly value: unknown,
    expected: string,
  ) {
    super(`Redis store: '${input}' must be ${expected}, but was ${describeValue(value)}.`);
  }

  /**
   * Tells whether a value is a {@link RedisStoreInputError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link RedisStoreInputError}
   */
  static override isInstance(error: unknown): error is RedisStoreInputError {
    return ToolcraftError.hasMarker(error, marker);
  }
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value);
  if (value === null) return 'null';
  if (typeof value === 'object' || typeof value === 'function') return `a value of type ${typeof value}`;
  return String(value as string | number | boolean | bigint | symbol | undefined);
}
