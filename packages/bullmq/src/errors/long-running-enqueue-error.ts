import { ToolcraftError, describeThrownValue } from '@toolcraft/core';

const errorName = 'LongRunningEnqueueError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** The job of a long-running call could not be added to its queue (Redis unreachable, the queue closed); the cause says why. */
export class LongRunningEnqueueError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool called
   * @param queueName - the queue
   * @param cause - what BullMQ or Redis threw
   */
  constructor(
    readonly toolName: string,
    readonly queueName: string,
    cause: unknown,
  ) {
    super(`The job of tool '${toolName}' could not be added to queue '${queueName}': ${describeThrownValue(cause)}`, { cause });
  }

  /**
   * Tells whether a value is a {@link LongRunningEnqueueError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link LongRunningEnqueueError}
   */
  static override isInstance(error: unknown): error is LongRunningEnqueueError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
