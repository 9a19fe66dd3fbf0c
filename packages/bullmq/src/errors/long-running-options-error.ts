import { ToolcraftError } from '@toolcraft/core';

const errorName = 'LongRunningOptionsError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * `BullMQLongRunning.of`, `createLongRunningWorker` or `LongRunningUpdates.listen` was given an
 * impossible option (a developer's mistake, thrown before anything connects to Redis).
 */
export class LongRunningOptionsError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param option - the option's name, e.g. `'queueName'` or `'connection.maxRetriesPerRequest'`
   * @param value - the value given
   * @param expected - what was expected, and why when it is not obvious
   */
  constructor(
    readonly option: string,
    readonly value: unknown,
    expected: string,
  ) {
    super(`@toolcraft/bullmq: '${option}' must be ${expected}, but was ${describeOption(value)}.`);
  }

  /**
   * Tells whether a value is a {@link LongRunningOptionsError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link LongRunningOptionsError}
   */
  static override isInstance(error: unknown): error is LongRunningOptionsError {
    return ToolcraftError.hasMarker(error, marker);
  }
}

function describeOption(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value);
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? 'a function' : String(value as number);
  return Array.isArray(value) ? 'an array' : 'an object';
}
