import type { RunState } from '../agent/pausing/run-state.js';
import type { ResumeOptions, RunOptions } from '../agent/run-options.js';
import type { RunResult } from '../agent/run-result.js';

/**
 * Anything that runs like an agent: an `Agent`, a `SequentialAgent`, a `ParallelAgent`, or an object
 * of your own. What `runParallel`, the workflow agents and `AgentTool` accept.
 */
export interface RunnableAgent {
  /** The agent's name (`AgentTool`'s default tool name). */
  readonly name: string;
  /** What the agent does, for the models of other agents (`AgentTool`'s default description). */
  readonly description?: string;
  /**
   * Runs the agent on one user message.
   * @param input - the user's message
   * @param options - signal, state, history, metadata of the run
   * @returns the run's result
   */
  run(input: string, options?: RunOptions): Promise<RunResult>;
  /**
   * Continues a run of the agent that stopped (an `Agent` has it; workflow agents do not). With it, an
   * `AgentTool` whose agent's run stops `'interrupted'` pauses the calling run instead of failing.
   * @param state - the run's state
   * @param options - signal, metadata, per-run tools
   * @returns the run's result
   */
  resume?(state: RunState, options?: ResumeOptions): Promise<RunResult>;
}

/**
 * @param value - any value
 * @returns whether it has what a {@link RunnableAgent} needs: a string `name` and a `run` method
 */
export function isRunnableAgent(value: unknown): value is RunnableAgent {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof RunnableAgent, unknown>>;
  return typeof candidate.name === 'string' && typeof candidate.run === 'function';
}
