import { AgentContext, type AgentContextInit } from '../context/agent-context.js';
import type { AgentActions } from '../context/agent-actions.js';
import type { ArtifactAccess } from '../artifacts/artifact-store.js';
import type { ToolProgressSink } from '../context/tool-progress.js';
import { RunEvents } from './streaming/run-events.js';
import type { Run } from './run/run.js';

/**
 * The {@link AgentContext} of one agent run. The per-call views it hands to tools share its state
 * and actions, and the call that sets `skipSummarization` is remembered in the run's record, so the
 * loop can end the run with that call's result (after a resume too).
 * @internal
 */
export class RunAgentContext extends AgentContext {
  /** The run's event sink: `context.events.emit(event)` streams an event (a no-op when the run is not streamed). */
  readonly events: RunEvents;
  /** The run's artifacts, made when first reached for. */
  private runArtifacts: ArtifactAccess | undefined;

  /**
   * @param init - run id, agent name, state, actions, signal
   * @param events - the run's event sink (default: none, every emit a no-op)
   * @param run - the run the context belongs to
   */
  constructor(
    init: AgentContextInit,
    events?: RunEvents,
    readonly run?: Run,
  ) {
    super(init);
    this.events = events ?? new RunEvents(this.runId, this.agentName, this.signal);
  }

  /** The run's artifacts (scoped to its session, or to the run), made when a tool first reaches for them. */
  override get artifacts(): ArtifactAccess {
    const { run } = this;
    if (run === undefined) return super.artifacts;
    return (this.runArtifacts ??= run.root.settings.extras.artifactsOf(this.runId, run.session));
  }

  /** Aborted when the run is cancelled: the run's signal, made when first read (the init's signal for a context without a run). */
  override get signal(): AbortSignal {
    return this.run === undefined ? super.signal : this.run.deadline.signal;
  }

  /**
   * Hands the run to another agent (a handoff): tools, toolsets and events see its name from now on.
   * @param agentName - the agent taking over
   */
  switchAgent(agentName: string): void {
    (this as { agentName: string }).agentName = agentName;
    // A run that is not streamed shares one silent sink, which names no agent.
    if (this.events.active) this.events.agentName = agentName;
  }

  /**
   * The id of the call whose tool set `skipSummarization`, if a tool did.
   * @returns the call id, or undefined
   */
  skipSummarizationSetBy(): string | undefined {
    return this.run?.record.actions?.skipSummarizationSetBy;
  }

  /**
   * A view for one call whose `actions` write through to the run's and record the call that set `skipSummarization`.
   * @param toolCallId - the call's id
   * @param signal - the call's signal
   * @param progress - where the call's `reportProgress` goes, if anywhere
   * @returns the per-call context
   */
  override forToolCall(toolCallId: string, signal: AbortSignal, progress?: ToolProgressSink): AgentContext {
    const { run } = this;
    const actions = new Proxy(this.actions, {
      set(target, property, value) {
        const done = Reflect.set(target, property, value);
        if (property === 'skipSummarization' && value === true && run?.record.actions !== undefined)
          run.record.actions.skipSummarizationSetBy = toolCallId;
        return done;
      },
    }) as AgentActions;
    return new RunCallContext(run, {
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

/** A per-call view of a run's context, which reaches its {@link Run}. */
class RunCallContext extends AgentContext {
  constructor(
    readonly run: Run | undefined,
    init: AgentContextInit,
  ) {
    super(init);
  }
}

/**
 * @param context - a tool call's context
 * @returns the run the call belongs to, when the context is an agent run's
 * @internal
 */
export function runOf(context: AgentContext): Run | undefined {
  return context instanceof RunCallContext || context instanceof RunAgentContext ? context.run : undefined;
}
