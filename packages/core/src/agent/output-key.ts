import type { AgentState } from '../context/agent-state.js';
import { InvalidAgentOptionsError } from '../errors/invalid-agent-options-error.js';
import type { StopReason } from '../model/stop-reason.js';

/**
 * Checks an agent's `outputKey` (ADK's `output_key`).
 * @param outputKey - the option's value
 * @returns the key, or undefined when not given
 * @throws InvalidAgentOptionsError when it is given and is not a non-empty string
 * @internal
 */
export function checkOutputKey(outputKey: unknown): string | undefined {
  if (outputKey === undefined) return undefined;
  if (typeof outputKey !== 'string' || outputKey === '') throw new InvalidAgentOptionsError('outputKey', outputKey, 'a non-empty string');
  return outputKey;
}

/**
 * Stores a completed run's final text in its state under the agent's `outputKey`, so it shows in
 * the run's `stateDelta` (and reaches the next agent of a `SequentialAgent`).
 * @param state - the run's state
 * @param outputKey - the agent's `outputKey`, if any
 * @param stopReason - why the run stopped (only a `'completed'` run stores its text)
 * @param text - the run's final text
 * @internal
 */
export function storeOutput(state: AgentState, outputKey: string | undefined, stopReason: StopReason, text: string): void {
  if (outputKey !== undefined && stopReason === 'completed') state.set(outputKey, text);
}
