import type { RunOptions } from '../agent/run-options.js';
import { AgentState } from '../context/agent-state.js';

/**
 * @param options - a workflow agent's run options
 * @returns the state its agents start from, as a plain record (a copy)
 */
export function initialState(options: RunOptions): Record<string, unknown> {
  return options.state instanceof AgentState ? options.state.toJSON() : { ...options.state };
}

/**
 * The options of the run of one of a workflow agent's agents: the workflow's signal, metadata,
 * history and per-run tools, the given state, and the workflow's place among agents (its lineage,
 * carried by the copy, so `maxDepth` and the time left of an enclosing run still hold); not its `toolChoice` (each agent has its own
 * tools) nor its `runId` (each agent's run has its own; the workflow's combined run takes it).
 * @param options - the workflow agent's run options
 * @param state - the state the agent starts with
 * @returns the agent's run options
 */
export function agentRunOptions(options: RunOptions, state: Record<string, unknown>): RunOptions {
  const passed: RunOptions = { ...options, state };
  delete passed.toolChoice;
  delete passed.runId;
  return passed;
}
