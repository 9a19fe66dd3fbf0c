import { InvalidAgentOptionsError } from '../../errors/invalid-agent-options-error.js';
import type { TransferTarget } from './transfer-tool.js';

/** What the handoff helpers need of an agent: its name, description, sub-agents and parent. */
export interface TreeAgent {
  readonly name: string;
  readonly description?: string;
  readonly subAgents: readonly TreeAgent[];
  readonly parent?: TreeAgent;
}

/**
 * @param agent - any agent of a tree
 * @returns the tree's root (the agent without a parent)
 */
export function rootOf<A extends TreeAgent>(agent: A): A {
  let current: TreeAgent = agent;
  while (current.parent !== undefined) current = current.parent;
  return current as A;
}

/**
 * @param root - the root of a tree
 * @param name - an agent's name
 * @returns the agent of the tree with that name, if any
 */
export function findAgent<A extends TreeAgent>(root: A, name: string): A | undefined {
  if (root.name === name) return root;
  for (const sub of root.subAgents) {
    const found = findAgent(sub as A, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The agents an agent may hand over to: its sub-agents, then its parent and the parent's other
 * sub-agents (its siblings), as in Google ADK.
 * @param agent - the agent
 * @returns the targets, in that order
 */
export function transferTargets(agent: TreeAgent): readonly TransferTarget[] {
  if (agent.subAgents.length === 0 && agent.parent === undefined) return noTargets;
  const targets: TreeAgent[] = [...agent.subAgents];
  const { parent } = agent;
  if (parent !== undefined) targets.push(parent, ...parent.subAgents.filter((sibling) => sibling !== agent));
  return targets.map((target) => (target.description ? { name: target.name, description: target.description } : { name: target.name }));
}

/** The targets of an agent alone (most agents): one shared, frozen list. */
const noTargets: readonly TransferTarget[] = Object.freeze([]);

/**
 * Checks an agent's `subAgents` option: agents, each without a parent yet, names unique across the
 * whole tree.
 * @param name - the agent's name
 * @param subAgents - the option's value
 * @param isAgent - tells an agent from anything else
 * @throws InvalidAgentOptionsError naming what is wrong
 */
export function checkSubAgents(name: string, subAgents: unknown, isAgent: (value: unknown) => value is TreeAgent): readonly TreeAgent[] {
  if (subAgents === undefined) return [];
  if (!Array.isArray(subAgents) || !subAgents.every(isAgent))
    throw new InvalidAgentOptionsError('subAgents', subAgents, 'an array of Agent instances');
  const names = new Set([name]);
  const visit = (agent: TreeAgent): void => {
    if (names.has(agent.name))
      throw new InvalidAgentOptionsError(
        'subAgents',
        agent.name,
        `agents with names unique in the tree ('${agent.name}' appears twice; give each agent its own name)`,
      );
    names.add(agent.name);
    agent.subAgents.forEach(visit);
  };
  for (const sub of subAgents) {
    if (sub.parent !== undefined)
      throw new InvalidAgentOptionsError(
        'subAgents',
        sub.name,
        `agents without a parent ('${sub.name}' is already a sub-agent of '${sub.parent.name}')`,
      );
    visit(sub);
  }
  return subAgents;
}
