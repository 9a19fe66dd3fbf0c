import { describeThrownValue } from '@toolcraft/core';
import type { DevTarget } from './dev-target.js';

/** One tool as the page shows it: its definition and what each provider is sent for it. @internal */
export interface ToolView {
  name: string;
  description: string;
  inputSchema: unknown;
  providers: Record<string, unknown>;
}

/**
 * What the page shows of the agent: its name, model and tools.
 * @param target - the target
 * @returns the description
 * @internal
 */
export function describeAgent(target: DevTarget): {
  agent: { name: string; description?: string; provider?: string; modelId?: string } | null;
  tools: ToolView[];
} {
  const converted = Object.entries(target.providers).map(([provider, convert]) => {
    try {
      return [provider, convert(target.definitions)] as const;
    } catch (error) {
      return [provider, `cannot convert: ${describeThrownValue(error)}`] as const;
    }
  });
  const tools = target.definitions.map((definition, index) => ({
    name: definition.name,
    description: definition.description,
    inputSchema: definition.inputSchema,
    providers: Object.fromEntries(converted.map(([provider, result]) => [provider, Array.isArray(result) ? result[index] : result])),
  }));
  const agent = target.agent;
  return {
    agent:
      agent === undefined
        ? null
        : {
            name: agent.name,
            ...(agent.description === undefined ? {} : { description: agent.description }),
            ...(agent.model.provider === undefined ? {} : { provider: agent.model.provider }),
            ...(agent.model.modelId === undefined ? {} : { modelId: agent.model.modelId }),
          },
    tools,
  };
}
