import type { AgentContext } from '../context/agent-context.js';
import type { ReadonlyAgentContext, ReadonlyAgentState } from '../context/readonly-agent-context.js';

/**
 * The read-only view of a run's context that toolsets and the tool filter are given: run id, agent
 * name and a state that can be read but not written (a toolset cannot change the run's state).
 * @param context - the run's context
 * @returns a frozen view that reads through to the live state
 */
export function readonlyView(context: AgentContext): ReadonlyAgentContext {
  const { state } = context;
  const view: ReadonlyAgentState = Object.freeze({
    get: <T = unknown>(key: string): T | undefined => state.get<T>(key),
    has: (key: string): boolean => state.has(key),
    toJSON: (): Record<string, unknown> => state.toJSON(),
  });
  return Object.freeze({ runId: context.runId, agentName: context.agentName, state: view });
}
