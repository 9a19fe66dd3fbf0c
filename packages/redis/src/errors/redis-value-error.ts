import { ToolcraftError } from '@toolcraft/core';

const errorName = 'RedisValueError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A value under one of the store's keys is not what the store wrote: not JSON, not an object, or
 * written in a format version this package does not read. The message names the key, so the
 * operator can inspect it (`redis-cli GET <key>`) and delete it.
 */
export class RedisValueError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param key - the full Redis key (with its prefix)
   * @param problem - what is wrong with the value
   * @param options - the underlying parse error, if any
   */
  constructor(
    readonly key: string,
    problem: string,
    options: { cause?: unknown } = {},
  ) {
    super(
      `The value under Redis key '${key}' is not a toolcraft value this store can read: ${problem}. Inspect or delete the key.`,
      options,
    );
  }

  /**
   * Tells whether a value is a {@link RedisValueError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link RedisValueError}
   */
  static override isInstance(error: unknown): error is RedisValueError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
