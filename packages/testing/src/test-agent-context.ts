import { AgentActions, AgentContext, AgentState } from '@toolcraft/core';

/** What {@link testAgentContext} may be given; every field has a default. */
export interface TestAgentContextOverrides {
  /** Default `'test-run'`. */
  runId?: string;
  /** Default `'test-agent'`. */
  agentName?: string;
  /** The initial state: a plain object (copied into a fresh `AgentState`) or an `AgentState` used as it is. Default empty. */
  state?: Readonly<Record<string, unknown>> | AgentState;
  /** Default fresh `AgentActions`. */
  actions?: AgentActions;
  /** Default a signal that never aborts. */
  signal?: AbortSignal;
  /** Default `'test-call'`. */
  toolCallId?: string;
}

/**
 * Builds an {@link AgentContext} for unit tests of context-aware tools.
 * @param overrides - any field to set (run id, agent name, state, actions, signal, call id)
 * @returns a context with run id `'test-run'`, agent name `'test-agent'` and a fresh state, unless overridden
 * @example
 * const context = testAgentContext({ state: { 'user:name': 'Ada' } });
 * await new GreetUserTool().execute(args, context);
 * expect(context.state.delta).toEqual({ greeted: true });
 */
export function testAgentContext(overrides: TestAgentContextOverrides = {}): AgentContext {
  const state = overrides.state instanceof AgentState ? overrides.state : new AgentState(overrides.state ?? {});
  return new AgentContext({
    runId: overrides.runId ?? 'test-run',
    agentName: overrides.agentName ?? 'test-agent',
    state,
    actions: overrides.actions ?? new AgentActions(),
    toolCallId: overrides.toolCallId ?? 'test-call',
    ...(overrides.signal === undefined ? {} : { signal: overrides.signal }),
  });
}
