import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'AgentDepthLimitError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A call of an `AgentTool` nested deeper than its `maxDepth` (an agent reaching itself through
 * agents it calls): the agent is not run, the call is answered with this error, and the run goes on.
 */
export class AgentDepthLimitError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param agentName - the agent that was not run
   * @param maxDepth - the depth limit reached
   */
  constructor(
    readonly agentName: string,
    readonly maxDepth: number,
  ) {
    super(
      `The depth limit of agents running agents was reached (maxDepth: ${maxDepth}), so agent '${agentName}' was not run. ` +
        'Answer without it.',
    );
  }

  /**
   * Tells whether a value is an {@link AgentDepthLimitError}, from any copy of the package.
   * @param error - any value
   * @returns true for an {@link AgentDepthLimitError}
   */
  static override isInstance(error: unknown): error is AgentDepthLimitError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
