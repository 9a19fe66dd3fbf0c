import { AgentEnvironment, InMemorySessionStore, type Agent, type SessionStore, type ToolDefinition } from '@toolcraft/core';
import { toolDefinitions } from '@toolcraft/core/internal';
import type { DevtoolsOptions, ProviderToolsConverter } from '../devtools-options.js';
import { DevtoolsRequestError } from '../errors/devtools-request-error.js';

/** What the dev UI works on: the agent (if any), the environment its tools are called through, the definitions and the sessions. @internal */
export interface DevTarget {
  readonly agent: Agent | undefined;
  readonly environment: AgentEnvironment;
  readonly definitions: readonly ToolDefinition[];
  readonly providers: Readonly<Record<string, ProviderToolsConverter>>;
  readonly sessions: SessionStore;
}

/**
 * Reads what to serve from the options.
 * @param options - the dev UI's options
 * @returns the target
 * @throws DevtoolsRequestError (500) when neither an agent nor a registry is given
 * @internal
 */
export function devTarget(options: DevtoolsOptions): DevTarget {
  const { agent, registry } = options;
  if (agent === undefined && registry === undefined) throw new DevtoolsRequestError(500, 'serveDevtools needs an agent or a registry.');
  return {
    agent,
    environment: agent?.environment ?? new AgentEnvironment({ registry: registry! }),
    definitions: agent?.toolDefinitions ?? toolDefinitions(registry!.tools),
    providers: options.providers ?? {},
    sessions: options.sessions ?? new InMemorySessionStore(),
  };
}

/**
 * The agent to chat with.
 * @param target - the target
 * @returns the agent
 * @throws DevtoolsRequestError 409 when the dev UI shows tools only
 * @internal
 */
export function chatAgent(target: DevTarget): Agent {
  if (target.agent === undefined) throw new DevtoolsRequestError(409, 'this dev UI shows a registry: there is no agent to chat with.');
  return target.agent;
}
