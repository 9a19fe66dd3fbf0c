import type { Agent, AnyTool } from '@toolcraft/core';

/**
 * Whether a run would ask a person before a tool's call: `'always'` (its own `needsApproval: true`,
 * or the agent's named `approvals` policy selects it), `'sometimes'` (a predicate decides per call),
 * undefined when never. The dev UI's form calls tools directly, so it asks in the page first.
 * @param tool - the tool
 * @param agent - the agent the dev UI serves, if any (its `approvals` policy applies to tools that say nothing)
 * @returns the need, and what it comes from
 * @internal
 */
export function approvalNeed(tool: AnyTool, agent: Agent | undefined): { need: 'always' | 'sometimes'; because: string } | undefined {
  const own = tool.needsApproval;
  if (own === true) return { need: 'always', because: 'needsApproval: true' };
  if (typeof own === 'function') return { need: 'sometimes', because: 'needsApproval decides per call' };
  if (own === false) return undefined;
  const policy = approvalsOf(agent);
  if (typeof policy === 'function') return { need: 'sometimes', because: "the agent's approvals policy decides per call" };
  const selected =
    policy === 'all' ||
    (policy === 'write' && (tool.effects === 'write' || tool.effects === 'destructive')) ||
    (policy === 'destructive' && tool.effects === 'destructive');
  return selected ? { need: 'always', because: `the agent's approvals: '${policy}'` } : undefined;
}

/** The agent's `approvals` policy, from its settings (read at run time: they are the core's own, not its public surface). */
function approvalsOf(agent: Agent | undefined): unknown {
  if (agent === undefined || !('settings' in agent)) return undefined;
  const settings: unknown = agent.settings;
  return typeof settings === 'object' && settings !== null && 'approvals' in settings ? settings.approvals : undefined;
}
