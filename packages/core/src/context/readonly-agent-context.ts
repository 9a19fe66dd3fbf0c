/** A read-only view of a run's {@link AgentState}: what a toolset may read to decide which tools to offer. */
export interface ReadonlyAgentState {
  /**
   * @param key - a state key, possibly scoped (`app:`, `user:`, `temp:`)
   * @returns its value, or undefined
   */
  get<T = unknown>(key: string): T | undefined;
  /**
   * @param key - a state key
   * @returns whether the key has a value
   */
  has(key: string): boolean;
  /** @returns every current entry, `temp:` keys included (a copy) */
  toJSON(): Record<string, unknown>;
}

/**
 * What a `Toolset` is told at the start of every model turn (ADK's `ReadonlyContext`): the run's
 * id, the agent's name and a read-only view of the run's state. An `AgentContext` is one too.
 */
export interface ReadonlyAgentContext {
  /** The unique id of the run. */
  readonly runId: string;
  /** The agent's name. */
  readonly agentName: string;
  /** The run's state, read-only. */
  readonly state: ReadonlyAgentState;
}
