import { ToolcraftError, describeThrownValue } from '@toolcraft/core';

const errorName = 'RedisStoreError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A Redis command of a store failed (the server was unreachable past the client's retries, refused
 * the command, or the store was closed). For a write, nothing was saved: the caller still has its
 * data and may retry. The original error is the `cause`.
 */
export class RedisStoreError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param operation - what the store was doing, e.g. `'save checkpoint'`
   * @param key - the full Redis key
   * @param cause - the client's error
   * @param written - whether the operation was a write (the message then says it was not saved)
   */
  constructor(
    readonly operation: string,
    readonly key: string,
    cause: unknown,
    written: boolean,
  ) {
    const detail = describeThrownValue(cause);
    super(
      `Redis could not ${operation} (key '${key}'): ${detail}.${written ? ' Nothing was written; the operation may be retried.' : ''}`,
      { cause },
    );
  }

  /**
   * Tells whether a value is a {@link RedisStoreError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link RedisStoreError}
   */
  static override isInstance(error: unknown): error is RedisStoreError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
