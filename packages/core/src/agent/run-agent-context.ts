import { AgentActions } from '../context/agent-actions.js';
import { AgentContext, type AgentContextInit } from '../context/agent-context.js';
import type { ToolProgressSink } from '../context/tool-progress.js';
import { RunEvents } from './streaming/run-events.js';
import type { SavedActions } from './pausing/run-state-data.js';
import type { SubRunRecorder } from './sub-runs.js';

/**
 * The {@link AgentContext} of one agent run. The per-call views it hands to tools share its
 * state and actions, and remember which call last set each action, so the loop can end a
 * run with the result of the tool that asked for `skipSummarization`.
 * @internal
 */
export class RunAgentContext extends AgentContext {
  private readonly setters = new Map<PropertyKey, string>();
  /** The run's event sink: `context.events.emit(event)` streams an event (a no-op when the run is not streamed). */
  readonly events: RunEvents;

  /**
   * @param init - run id, agent name, state, signal
   * @param events - the run's event sink (default: none, every emit a no-op)
   * @param subRuns - where the agent runs its tools start are recorded (`AgentTool`)
   */
  constructor(
    init: AgentContextInit,
    events?: RunEvents,
    readonly subRuns?: SubRunRecorder,
  ) {
    super({ ...init, actions: init.actions ?? new AgentActions() });
    this.events = events ?? new RunEvents(this.runId, this.agentName, this.signal);
  }

  /**
   * Hands the run to another agent (a handoff): tools, toolsets and events see its name from now on.
   * @param agentName - the agent taking over
   */
  switchAgent(agentName: string): void {
    (this as { agentName: string }).agentName = agentName;
    this.events.agentName = agentName;
  }

  /**
   * Restores the actions a paused run's calls had asked for.
   * @param saved - the saved actions
   */
  restoreActions(saved: SavedActions): void {
    const { actions } = this;
    if (saved.transferToAgent !== undefined) actions.transferToAgent = saved.transferToAgent;
    if (saved.escalate) actions.escalate = true;
    if (saved.skipSummarization) actions.skipSummarization = true;
    if (saved.skipSummarizationSetBy !== undefined) this.setters.set('skipSummarization', saved.skipSummarizationSetBy);
  }

  /**
   * The id of the call whose tool last set an action, if a tool did.
   * @param action - the action's name
   * @returns the call id, or undefined
   */
  setBy(action: keyof AgentActions): string | undefined {
    return this.setters.get(action);
  }

  /**
   * A view for one call whose `actions` write through to the run's and record the call's id.
   * @param toolCallId - the call's id
   * @param signal - the call's signal
   * @param progress - where the call's `reportProgress` goes, if anywhere
   * @returns the per-call context
   */
  override forToolCall(toolCallId: string, signal: AbortSignal, progress?: ToolProgressSink): AgentContext {
    const setters = this.setters;
    const actions = new Proxy(this.actions, {
      set(target, property, value) {
        setters.set(property, toolCallId);
        return Reflect.set(target, property, value);
      },
    });
    return new RunCallContext(this.subRuns, {
      runId: this.runId,
      agentName: this.agentName,
      state: this.state,
      actions,
      signal,
      toolCallId,
      ...(progress ? { progress } : {}),
      ...this.services,
    });
  }
}

/** A per-call view of a run's context, which reaches the run's {@link SubRunRecorder}. */
class RunCallContext extends AgentContext {
  constructor(
    readonly subRuns: SubRunRecorder | undefined,
    init: AgentContextInit,
  ) {
    super(init);
  }
}

/**
 * @param context - a tool call's context
 * @returns where the run records the agent runs its tools start, when the context is an agent run's
 * @internal
 */
export function subRunsOf(context: AgentContext): SubRunRecorder | undefined {
  return context instanceof RunCallContext || context instanceof RunAgentContext ? context.subRuns : undefined;
}
