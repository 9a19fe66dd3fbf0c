import type { ResponseFormat } from '../../model/chat-model.js';
import type { RunAgent } from '../run/run-agent.js';

/**
 * Lets the models that may give an agent's final answer check its structured output before any
 * request carries it (`ChatModel.prepareOutput`): the agent's model and those of its sub-agents, all
 * the way down (after a handoff they answer in the agent's format). Each model is asked once.
 * @param format - the output's format
 * @param model - the agent's model
 * @param subAgents - the agent's sub-agents
 * @throws ProviderSchemaError (or what else a model throws) when a provider cannot take the format
 * @internal
 */
export function prepareOutput(format: ResponseFormat, model: RunAgent['settings']['model'], subAgents: readonly RunAgent[]): void {
  const asked = new Set([model]);
  model.prepareOutput?.(format);
  const pending = [...subAgents];
  for (let agent = pending.pop(); agent !== undefined; agent = pending.pop()) {
    const { model: other } = agent.settings;
    if (!asked.has(other)) {
      asked.add(other);
      other.prepareOutput?.(format);
    }
    pending.push(...agent.subAgents);
  }
}
