import { describeThrownValue } from './describe-thrown-value.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ParallelAgentError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** The agent of a failed run: its name, its position and what it threw. */
export interface AgentFailure {
  /** The agent's name. */
  agentName: string;
  /** Its position among the `ParallelAgent`'s agents. */
  index: number;
  /** What its run threw. */
  error: unknown;
}

/**
 * Every agent of a `ParallelAgent` threw, so there is no run to return (when only some did, the
 * run returns and lists them in `run.failures`). `failures` has each agent's error, in order.
 */
export class ParallelAgentError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param agentName - the `ParallelAgent`
   * @param failures - each of its agents' errors, in order
   */
  constructor(
    readonly agentName: string,
    readonly failures: readonly AgentFailure[],
  ) {
    super(
      `Every agent of '${agentName}' failed: ` +
        failures.map((failure) => `'${failure.agentName}' (${describeThrownValue(failure.error)})`).join('; ') +
        '.',
      { cause: failures[0]?.error },
    );
  }

  /**
   * Tells whether a value is a {@link ParallelAgentError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ParallelAgentError}
   */
  static override isInstance(error: unknown): error is ParallelAgentError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
