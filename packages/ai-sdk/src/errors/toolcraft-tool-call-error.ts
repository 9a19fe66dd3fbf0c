import { ToolcraftError, type ReceivedToolResult } from '@toolcraft/core';

const errorName = 'ToolcraftToolCallError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A toolcraft tool's call that failed inside the AI SDK (`toAISDKTools`): invalid arguments, a tool
 * that threw or timed out, a call a feature blocked. Its message is exactly the text toolcraft
 * gives the model (the violations, the tool's error as `errorDetail` says), so the AI SDK sends it
 * to the model as the `tool-error`'s text; `result` is the whole result and `cause` the original error.
 */
export class ToolcraftToolCallError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;
  /** The tool's name. */
  readonly toolName: string;
  /** The failed result, as the `AgentEnvironment` gave it (its `content` is this error's message). */
  readonly result: ReceivedToolResult;

  /** @param result - the failed result, as the `AgentEnvironment` gave it */
  constructor(result: ReceivedToolResult) {
    super(result.content, { cause: result.error });
    this.toolName = result.name;
    this.result = result;
  }

  /**
   * Tells whether a value is a {@link ToolcraftToolCallError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ToolcraftToolCallError}
   */
  static override isInstance(error: unknown): error is ToolcraftToolCallError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
