import { ToolcraftError } from '../../errors/toolcraft-error.js';
import type { RunResult } from '../run-result.js';

const errorName = 'SubAgentStoppedError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * The run of an `AgentTool`'s agent stopped before it answered (`'max_iterations'`, `'aborted'`,
 * `'transfer'`, ...): the call is answered with this error, which quotes the agent's last text; the
 * run itself is in `run` (and in the parent's `run.subRuns`).
 */
export class SubAgentStoppedError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param agentName - the agent
   * @param stopReason - why its run stopped
   * @param text - its last text (`''` when none)
   * @param run - its run's result (typed by the agent)
   */
  constructor(
    readonly agentName: string,
    readonly stopReason: string,
    text: string,
    readonly run: RunResult,
  ) {
    super(`Agent '${agentName}' stopped with '${stopReason}' before it answered.` + (text === '' ? '' : ` Its last text: ${text}`));
  }

  /**
   * Tells whether a value is a {@link SubAgentStoppedError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link SubAgentStoppedError}
   */
  static override isInstance(error: unknown): error is SubAgentStoppedError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
