import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'AgentClosedError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** `agent.run(...)` on an agent after `agent.close()`: its toolsets are closed; build a new agent. */
export class AgentClosedError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /** @param agentName - the agent's name */
  constructor(readonly agentName: string) {
    super(`Agent '${agentName}' was closed (agent.close() closed its toolsets), so it cannot run again; build a new Agent.`);
  }

  /**
   * Tells whether a value is a {@link AgentClosedError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link AgentClosedError}
   */
  static override isInstance(error: unknown): error is AgentClosedError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
