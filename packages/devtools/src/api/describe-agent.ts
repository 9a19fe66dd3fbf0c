import { describeThrownValue } from '@toolcraft/core';
import { approvalNeed } from './approval-need.js';
import type { DevTarget } from './dev-target.js';

/** One tool as the page shows it: its definition and what each provider is sent for it. @internal */
export interface ToolView {
  name: string;
  description: string;
  inputSchema: unknown;
  providers: Record<string, unknown>;
  /** When a run would ask a person first: the page asks before its form calls the tool. */
  approval?: { need: 'always' | 'sometimes'; because: string };
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
  const byName = new Map(target.environment.registry.tools.map((tool) => [tool.name, tool] as const));
  const tools = target.definitions.map((definition, index): ToolView => {
    const tool = byName.get(definition.name);
    const approval = tool === undefined ? undefined : approvalNeed(tool, target.agent);
    return {
      name: definition.name,
      description: definition.description,
      inputSchema: definition.inputSchema,
      providers: Object.fromEntries(converted.map(([provider, result]) => [provider, Array.isArray(result) ? result[index] : result])),
      ...(approval === undefined ? {} : { approval }),
    };
  });
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
