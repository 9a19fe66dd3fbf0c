import { AgentState } from '../../context/agent-state.js';
import type { ReceivedToolResult } from '../../environment/tool-call.js';
import type { ToolChoice } from '../../model/chat-model.js';
import type { RunToolCall } from '../run-result.js';
import { RunTranscript } from '../run-transcript.js';
import { runStateType, runStateVersion, type RunStateData, type RunStatus } from './run-state-data.js';
import type { RunState } from './run-state.js';
import type { RunAgentContext } from '../run-agent-context.js';
import type { SavedActions } from './run-state-data.js';
import type { ToolUsageEntry } from '../../toolsets/tool-usage.js';

/**
 * Where one run (or one resumption of it) stands: its counters across resumes, its transcript and
 * state, and how it turns them into the data of its {@link RunState}.
 * @internal
 */
export class RunProgress {
  /** Model calls made, across resumes. */
  iterations: number;
  /** Tool calls asked for, across resumes. */
  toolCalls: number;
  /** The tool choice of the next model call. */
  toolChoice?: ToolChoice;
  /** Where the run stands. */
  status: RunStatus;
  /** The per-tool counts of the agents that took part, by agent name (set by the agent). */
  toolUsage?: () => Record<string, ToolUsageEntry> | undefined;
  /** Full results of the calls run in this process, by call id. */
  readonly received = new Map<string, ReceivedToolResult>();
  private readonly startedAt = Date.now();
  private readonly elapsedBefore: number;
  private stoppedAt: number | undefined;

  /**
   * @param state - the run's state object (moved on in place)
   * @param transcript - the run's transcript
   * @param values - the run's state values
   * @param context - the run's context (its actions are saved with the state)
   * @param toolChoice - the tool choice to start with, for a new run
   */
  constructor(
    readonly state: RunState,
    readonly transcript: RunTranscript,
    readonly values: AgentState,
    private readonly context: RunAgentContext,
    toolChoice: ToolChoice | undefined,
  ) {
    const { data } = state;
    if (data.actions !== undefined) context.restoreActions(data.actions);
    this.iterations = data.iterations;
    this.toolCalls = data.toolCallCount;
    this.elapsedBefore = data.elapsedMs;
    this.status = data.status;
    const choice = data.status === 'running' && data.iterations === 0 ? toolChoice : (data.toolChoice ?? toolChoice);
    if (choice !== undefined) this.toolChoice = choice;
  }

  /** Running time across resumes, in ms. */
  get elapsedMs(): number {
    return this.elapsedBefore + ((this.stoppedAt ?? Date.now()) - this.startedAt);
  }

  /**
   * The run stopped (its status, text and counts are final): its running time stops, and its state's
   * data is written now, so what tools or hooks change after the run ended is not in it.
   */
  stop(): void {
    this.stoppedAt = Date.now();
    this.capture(false);
  }

  /**
   * Writes where the run stands into its state's data.
   * @param copy - true for a checkpoint: the parts that change later are copied
   * @returns the data (the state's own object, or a copy)
   */
  capture(copy: boolean): RunStateData {
    const current = this.state.data;
    // The state's own data is written in place (no new object per run); a checkpoint gets a copy.
    const data: RunStateData = copy ? { ...current } : current;
    const { transcript, values } = this;
    data.status = this.status;
    data.messages = copy ? transcript.messages.slice() : transcript.messages;
    data.toolCalls = transcript.toolCalls.map(({ id, name, arguments: args, result }) => ({
      id,
      name,
      arguments: args,
      result: { content: result.content, isError: result.isError },
    }));
    data.usage = { ...transcript.usage };
    data.state = values.toJSON();
    data.changed = values.changedKeys;
    data.iterations = this.iterations;
    data.toolCallCount = this.toolCalls;
    data.elapsedMs = this.elapsedMs;
    if (this.toolChoice !== undefined) data.toolChoice = this.toolChoice;
    if (transcript.finishReason !== undefined) data.finishReason = transcript.finishReason;
    const actions = this.savedActions(current);
    if (actions !== undefined) data.actions = actions;
    else if ('actions' in data) delete data.actions;
    // The per-tool counts, when a tool was counted (else those of before, if any).
    const usage = this.toolUsage?.();
    if (usage !== undefined && Object.keys(usage).length > 0) data.toolUsage = usage;
    else if ('toolUsage' in data && data.toolUsage === undefined) delete data.toolUsage;
    if (copy) {
      data.pending = structuredClone(current.pending);
      data.done = current.done.slice();
      if (current.batch !== undefined) data.batch = structuredClone(current.batch);
    }
    return data;
  }

  /** The actions tools asked for that the run has not acted on yet (a paused batch keeps them). */
  private savedActions(data: RunStateData): SavedActions | undefined {
    const { actions } = this.context;
    // Kept only while a batch waits: they are acted on when it completes.
    if (data.batch === undefined) return undefined;
    if (actions.transferToAgent === undefined && !actions.escalate && !actions.skipSummarization) return undefined;
    const setBy = this.context.setBy('skipSummarization');
    return {
      ...(actions.transferToAgent === undefined ? {} : { transferToAgent: actions.transferToAgent }),
      ...(actions.escalate ? { escalate: true } : {}),
      ...(actions.skipSummarization ? { skipSummarization: true } : {}),
      ...(setBy === undefined ? {} : { skipSummarizationSetBy: setBy }),
    };
  }

  /**
   * The data of a new run's state.
   * @param runId - the run's id
   * @param agentName - the agent's name
   * @returns data with nothing done yet
   */
  static initialData(runId: string, agentName: string): RunStateData {
    return {
      type: runStateType,
      version: runStateVersion,
      runId,
      agentName,
      status: 'running',
      messages: [],
      toolCalls: [],
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
      state: {},
      changed: [],
      iterations: 0,
      toolCallCount: 0,
      elapsedMs: 0,
      pending: [],
      done: [],
    };
  }

  /**
   * The state values of a resumed run, with the changes it had made still counted as its delta.
   * @param data - the saved state
   * @returns the run's state values
   */
  static restoreValues(data: RunStateData): AgentState {
    const values = new AgentState(data.state);
    for (const key of data.changed) {
      if (key in data.state) values.set(key, data.state[key]);
      else {
        values.set(key, undefined);
        values.delete(key);
      }
    }
    return values;
  }

  /**
   * The transcript of a resumed run.
   * @param data - the saved state
   * @returns the transcript
   */
  static restoreTranscript(data: RunStateData): RunTranscript {
    const toolCalls: RunToolCall[] = data.toolCalls.map((call) => ({ ...call, result: { id: call.id, name: call.name, ...call.result } }));
    return RunTranscript.restore(data.messages, toolCalls, data.usage, data.finishReason);
  }
}
