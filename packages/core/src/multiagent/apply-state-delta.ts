import { StateScope, type AgentState } from '../context/agent-state.js';

/**
 * Applies a run's state changes to another state: a key mapped to `undefined` is deleted, any other
 * is set; `temp:` keys are skipped (they live for one agent's run).
 * @param state - the state to change
 * @param delta - a run's `stateDelta`
 */
export function applyStateDelta(state: AgentState, delta: Readonly<Record<string, unknown>>): void {
  for (const [key, value] of Object.entries(delta)) {
    if (key.startsWith(StateScope.temp)) continue;
    if (value === undefined) state.delete(key);
    else state.set(key, value);
  }
}
