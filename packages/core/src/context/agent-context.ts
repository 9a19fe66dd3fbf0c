import { Brands, setBrand } from '../brands.js';
import { AgentActions } from './agent-actions.js';
import { AgentState } from './agent-state.js';

/** What an {@link AgentContext} is made of. */
export interface AgentContextInit {
  runId: string;
  agentName: string;
  state?: AgentState;
  actions?: AgentActions;
  signal?: AbortSignal;
  toolCallId?: string;
}

/**
 * The context of one agent run, given to context-aware tools (like the OpenAI Agents
 * SDK's `RunContext` and Koog's agent context): run id, agent name, the current tool
 * call id, the run's state and actions, and the `AbortSignal` of the call.
 * It is a class, so a method parameter typed `AgentContext` is recognised at runtime.
 */
export class AgentContext {
  /** The unique id of the run. */
  readonly runId: string;
  /** The agent's name. */
  readonly agentName: string;
  /** The state of the run, shared by every call of the run. */
  readonly state: AgentState;
  /** What the tools ask the loop to do next, shared by every call of the run. */
  readonly actions: AgentActions;
  /** Aborted when the run is cancelled or this call times out. */
  readonly signal: AbortSignal;
  /** The id of the tool call being executed; empty outside a call. */
  readonly toolCallId: string;

  /** @param init - run id, agent name, and optionally state, actions, signal and call id */
  constructor(init: AgentContextInit) {
    this.runId = init.runId;
    this.agentName = init.agentName;
    this.state = init.state ?? new AgentState();
    this.actions = init.actions ?? new AgentActions();
    this.signal = init.signal ?? new AbortController().signal;
    this.toolCallId = init.toolCallId ?? '';
  }

  /**
   * A view of this context for one tool call: same run, state and actions, the call's own id and signal.
   * @param toolCallId - the call's id
   * @param signal - the call's signal (run cancellation and the call's timeout)
   * @returns the per-call context
   */
  forToolCall(toolCallId: string, signal: AbortSignal): AgentContext {
    return new AgentContext({
      runId: this.runId,
      agentName: this.agentName,
      state: this.state,
      actions: this.actions,
      signal,
      toolCallId,
    });
  }
}

setBrand(AgentContext.prototype, Brands.agentContext);
