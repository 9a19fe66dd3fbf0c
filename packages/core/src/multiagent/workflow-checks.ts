import type { RunOptions } from '../agent/run-options.js';
import { InvalidAgentOptionsError } from '../errors/invalid-agent-options-error.js';
import { InvalidRunOptionsError } from '../errors/invalid-run-options-error.js';
import { isRunnableAgent, type RunnableAgent } from './runnable-agent.js';

/** The options every workflow agent takes. */
export interface WorkflowAgentOptions {
  /** The agent's name. */
  name: string;
  /** The agents it runs (at least one). */
  agents: readonly RunnableAgent[];
  /** What it does, for the models of other agents (`AgentTool`'s default description). */
  description?: string;
}

/**
 * Checks a workflow agent's options.
 * @param options - the options
 * @returns a copy of the agents (later changes to the caller's array do not show)
 * @throws InvalidAgentOptionsError when the name is not a non-empty string or `agents` not a non-empty array of agents
 */
export function checkWorkflowOptions(options: WorkflowAgentOptions): readonly RunnableAgent[] {
  if (typeof options?.name !== 'string' || options.name === '')
    throw new InvalidAgentOptionsError('name', options?.name, 'a non-empty string');
  const agents: unknown = options.agents;
  if (!Array.isArray(agents) || agents.length === 0)
    throw new InvalidAgentOptionsError('agents', agents, 'a non-empty array of agents (Agent, SequentialAgent, ParallelAgent)');
  agents.forEach((agent: unknown, index) => {
    if (!isRunnableAgent(agent))
      throw new InvalidAgentOptionsError(`agents[${index}]`, agent, 'an agent (an object with a string name and a run method)');
  });
  return Object.freeze(options.agents.slice());
}

/**
 * @param agentName - the workflow agent
 * @param options - its run's options
 * @throws InvalidRunOptionsError when they have a `session` (a workflow agent does not run in one)
 */
export function refuseSession(agentName: string, options: RunOptions): void {
  if (options.session !== undefined)
    throw new InvalidRunOptionsError(
      'session',
      options.session,
      `absent for '${agentName}': a workflow agent does not run in a session (give the runs of its agents sessions of their own, or pass history and state)`,
    );
}
