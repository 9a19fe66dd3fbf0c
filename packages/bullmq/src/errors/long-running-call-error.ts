import { ToolcraftError } from '@toolcraft/core';

const errorName = 'LongRunningCallError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A BullMQ long-running tool was called outside a run: without the call's idempotency key
 * (`${runId}:${callId}`) there is no job id that stays the same when the call is repeated, and no
 * run to deliver the result to. Calls from `agent.run` have one; `env.executeTool` needs
 * `options.runId`.
 */
export class LongRunningCallError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /** @param toolName - the tool called */
  constructor(readonly toolName: string) {
    super(
      `Tool '${toolName}' runs as a BullMQ job and needs the call's idempotency key, which only calls of a run have ` +
        '(agent.run, or executeTool with options.runId).',
    );
  }

  /**
   * Tells whether a value is a {@link LongRunningCallError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link LongRunningCallError}
   */
  static override isInstance(error: unknown): error is LongRunningCallError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
