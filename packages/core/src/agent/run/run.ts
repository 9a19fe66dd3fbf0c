import { AgentActions } from '../../context/agent-actions.js';
import { AgentState } from '../../context/agent-state.js';
import { lazySignalSource, withLazySignal } from '../../environment/abort-watchers.js';
import { neverAborted } from '../../environment/never-aborted.js';
import type { ToolExecutionOptions } from '../../environment/agent-environment-options.js';
import type { Usage } from '../../model/chat-model.js';
import { ToolUsage } from '../../toolsets/tool-usage.js';
import { findAgent, rootOf, transferTargets } from '../handoffs/agent-tree.js';
import type { Handoff } from '../handoffs/handoff.js';
import { TransferToAgentTool } from '../handoffs/transfer-tool.js';
import type { MemoryReport } from '../memory-strategy.js';
import type { GuardrailTrip } from '../guardrails/guardrail.js';
import type { ModelCallSettings } from '../model-call.js';
import { type RunState } from '../pausing/run-state.js';
import { RunAgentContext } from '../run-agent-context.js';
import type { RunDeadline } from '../run-deadline.js';
import { RunFeatureHooks } from '../run-feature-hooks.js';
import type { RunOptions } from '../run-options.js';
import type { RunResult } from '../run-result.js';
import { RunTranscript } from '../run-transcript.js';
import type { Session } from '../session.js';
import type { AgentEvent } from '../streaming/agent-event.js';
import type { EventChannel } from '../streaming/event-channel.js';
import { RunEvents } from '../streaming/run-events.js';
import type { ToolCallEvents } from '../streaming/tool-call-events.js';
import { restoreSubRun, summarizeSubRun } from '../summarize-sub-run.js';
import type { TurnTools } from '../turn-tools.js';
import { addUsage } from '../usage.js';
import { readModelSettings, readProviderOptions } from '../read-model-settings.js';
import type { AgentLimits } from '../validate-agent-options.js';
import { Checkpointer } from './checkpointer.js';
import { noCheckpoints, ParentCheckpoints, type RunCheckpoints } from './parent-checkpoints.js';
import { withLineage, type RunLineage } from './lineage.js';
import type { RunAgent } from './run-agent.js';
import type { RunRecord } from './run-record.js';
import { InvalidRunStateError } from '../../errors/invalid-run-state-error.js';

/** What a run is started with. @internal */
export interface RunInit {
  /** The agent the run belongs to. */
  readonly root: RunAgent;
  /** The run's record (a new one, or a resumed state's). */
  readonly record: RunRecord;
  /** The public handle over the record. */
  readonly handle: RunState;
  readonly options: RunOptions;
  readonly lineage: RunLineage;
  readonly deadline: RunDeadline;
  /** The run's own stream, when it is streamed. */
  readonly channel?: EventChannel<AgentEvent>;
  /** The session it saves to, if any. */
  readonly session?: Session;
}

/**
 * One run: the one owner of everything a run is. Its state lives in one record (`record`), which is
 * what is saved: the transcript, the state values and their changes, the counters, the per-tool counts,
 * the actions asked for, the waiting batch, the long-running calls, the handoffs and the sub-runs are
 * all written straight into it (`RunTranscript`, `AgentState` and `ToolUsage` are views of it), so a
 * checkpoint or `JSON.stringify(run.state)` copies it as it stands, with nothing to capture. The run
 * also holds what lives for one process only: its deadline, context, events, hooks, checkpointing,
 * its place among runs (`lineage`, with its parent `Run`), and full results of its calls.
 * @internal
 */
export class Run {
  readonly record: RunRecord;
  readonly handle: RunState;
  readonly root: RunAgent;
  /** The agent answering now (the run's agent, or one it handed over to). */
  agent: RunAgent;
  /** The limits, fixed when the run started (the run's agent's, across handoffs). */
  readonly limits: AgentLimits;
  readonly options: RunOptions;
  readonly lineage: RunLineage;
  readonly deadline: RunDeadline;
  readonly values: AgentState;
  readonly usage: ToolUsage;
  readonly transcript: RunTranscript;
  readonly context: RunAgentContext;
  readonly events: RunEvents;
  readonly hooks: RunFeatureHooks;
  readonly checkpoints: RunCheckpoints;
  readonly session: Session | undefined;
  /** The handoffs so far (the record's list). */
  readonly handoffs: Handoff[];
  /** How the run's tool calls are executed. */
  readonly execution: ToolExecutionOptions;
  /** What the agent's memory strategy did in this run (see `RunExtras.window`). */
  memoryReport?: MemoryReport;
  /** The input guardrails checked alongside the first model call, until they answered (see `guardInput`). */
  inputCheck?: Promise<GuardrailTrip | undefined>;
  /** The guardrail that stopped the run, if one did. */
  guardrail?: GuardrailTrip;
  /** The stream events of the run's tool calls, when it is streamed (made when its first calls run). */
  toolEvents?: ToolCallEvents;
  /** The execution options of a streamed run's calls on the direct path: `execution` with the stream's listeners (made once). */
  streamedExecution?: ToolExecutionOptions;
  /** The results of the nested runs that ended (made when the first one is kept, or when a resumed record has some). */
  private subRunResults: RunResult[] | undefined;
  /** The tools and model call of the run's agent, and of the agents it handed over to (made when each first answers). */
  private rootTools: TurnTools | undefined;
  private rootModelCall: ModelCallSettings | undefined;
  private otherAgents: Map<RunAgent, { tools?: TurnTools; modelCall?: ModelCallSettings }> | undefined;
  private usedCallIds: Set<string> | undefined;
  private readonly startedAt = Date.now();
  private readonly elapsedBefore: number;
  private stoppedAt: number | undefined;

  /** @param init - the agent, record, options, lineage and deadline */
  constructor(init: RunInit) {
    const { root, record, options, lineage, deadline } = init;
    this.record = record;
    this.handle = init.handle;
    this.root = root;
    this.agent = root;
    this.limits = root.settings.limits;
    this.options = options;
    this.lineage = lineage;
    this.deadline = deadline;
    this.session = init.session;
    this.elapsedBefore = record.elapsedMs;
    this.values = AgentState.over(record);
    this.usage = new ToolUsage((record.toolUsage ??= {}));
    this.transcript = new RunTranscript(record);
    this.handoffs = record.handoffs ?? [];
    if (record.subRuns !== undefined) this.subRunResults = record.subRuns.map(restoreSubRun);
    const { runId } = record;
    // The run's signal is made only when something reads it (a tool, model, hook or stream that looks at
    // it): the run's own waits watch the deadline.
    this.events = runEvents(runId, root.name, deadline, init.channel, lineage);
    // The artifacts are made when a tool first reaches for them (`RunAgentContext`).
    this.context = new RunAgentContext(
      {
        runId,
        agentName: root.name,
        state: this.values,
        actions: actionsOver(record),
        // A closure (not a function reading its context): a context derived from a call's context (a tool
        // running another tool with its context) copies it and must still reach this run.
        credentials: (callId, key) => this.handle.credentialFor(callId, key),
        memorySearch: root.settings.extras.memorySearchOf(this.session, deadline),
      },
      this.events,
      this,
    );
    this.execution = withLazySignal({ agentContext: this.context, runId, [lazySignalSource]: deadline }, deadline);
    const { parent, callId } = lineage;
    if (options.checkpoints !== undefined)
      this.checkpoints = new Checkpointer(
        options.checkpoints,
        runId,
        () => this.snapshot(),
        deadline.signal,
        record,
        () => deadline.remainingMs,
      );
    else if (parent !== undefined && callId !== undefined && parent.checkpoints.active)
      this.checkpoints = new ParentCheckpoints(parent, callId, record);
    else this.checkpoints = noCheckpoints;
    this.hooks = new RunFeatureHooks(root.settings.pipeline, runId, root.name, this.context, root.settings.model, deadline);
  }

  /**
   * A resumed run goes on with the agent that was answering when it stopped (after a handoff): told to
   * the features after `onRunStarting`, which names the run's own agent.
   * @throws InvalidRunStateError when that agent is not in the run's agent's tree
   */
  resumeActiveAgent(): void {
    const { record, root } = this;
    if (record.activeAgent === undefined) return;
    const active = findAgent(rootOf(root), record.activeAgent);
    if (active === undefined)
      throw new InvalidRunStateError(`the run was with agent '${record.activeAgent}', which is not in the tree of agent '${root.name}'.`);
    if (active !== root) this.switchTo(active);
  }

  /** The run's id. */
  get runId(): string {
    return this.record.runId;
  }

  /** Running time across resumes, in ms. */
  get elapsedMs(): number {
    return this.elapsedBefore + ((this.stoppedAt ?? Date.now()) - this.startedAt);
  }

  /** How deep the run is nested among agents running agents (0: the host started it). */
  get depth(): number {
    return this.lineage.depth;
  }

  /**
   * The run stopped: its running time stops, the record says so, and what its tools change from now on
   * (a cancelled call still running) no longer reaches the record: its state and actions are let go.
   */
  stop(): void {
    this.stoppedAt = Date.now();
    const { record } = this;
    record.elapsedMs = this.elapsedMs;
    // The record keeps a copy of the state as it is now; the tools' state object (and the values in
    // it, changed in place or not) goes on without it.
    record.state = copyOfValues(record.state);
    record.changed = record.changed.slice();
    detachActions(this.context.actions, this.record);
  }

  /** @returns a copy of the record as it stands now (what a checkpoint saves) */
  snapshot(): RunRecord {
    this.record.elapsedMs = this.elapsedMs;
    return structuredClone(this.record);
  }

  /**
   * Hands the run to another agent of the tree: it continues on the same transcript with that agent's
   * instructions, model and tools; tools see its name as `context.agentName`.
   * @param to - the agent taking over
   */
  switchTo(to: RunAgent): void {
    this.agent = to;
    this.context.switchAgent(to.name);
    this.hooks.useAgent(to.name, to.settings.model);
    const { record } = this;
    if (to === this.root) delete record.activeAgent;
    else record.activeAgent = to.name;
    if (this.handoffs.length > 0) record.handoffs = this.handoffs;
  }

  /**
   * The tools of an agent in this run: its own, the run's, and `transfer_to_agent` when it has someone to hand over to.
   * @param agent - the agent
   * @returns its turn-by-turn tools, built when it first answers
   */
  toolsOf(agent: RunAgent): TurnTools {
    if (agent === this.root && this.rootTools !== undefined) return this.rootTools;
    const other = agent === this.root ? undefined : this.otherOf(agent);
    if (other?.tools !== undefined) return other.tools;
    const targets = transferTargets(agent);
    const extra = targets.length === 0 ? this.options.tools : [...(this.options.tools ?? []), new TransferToAgentTool(targets)];
    const tools = agent.settings.tools.forRun(this.context, extra, this.deadline, this.usage);
    if (other === undefined) this.rootTools = tools;
    else other.tools = tools;
    return tools;
  }

  /**
   * @param agent - the agent answering
   * @returns how the run calls that agent's model (made when it first answers)
   */
  modelCallOf(agent: RunAgent): ModelCallSettings {
    if (agent === this.root && this.rootModelCall !== undefined) return this.rootModelCall;
    const other = agent === this.root ? undefined : this.otherOf(agent);
    if (other?.modelCall !== undefined) return other.modelCall;
    // Every field in the literal, the optional ones too (a field added later allocates a second store).
    const settings: ModelCallSettings = {
      model: agent.settings.model,
      retry: agent.settings.retry,
      pipeline: this.root.settings.pipeline,
      hooks: this.hooks,
      events: this.events,
      runId: this.runId,
      agentName: agent.name,
      time: this.deadline,
      modelSettings: readModelSettings(agent.settings.modelSettings, this.options.modelSettings, 'run'),
      providerOptions: readProviderOptions(agent.settings.providerOptions, this.options.providerOptions, 'run'),
      calls: undefined,
      streaming: undefined,
    };
    if (other === undefined) this.rootModelCall = settings;
    else other.modelCall = settings;
    return settings;
  }

  private otherOf(agent: RunAgent): { tools?: TurnTools; modelCall?: ModelCallSettings } {
    const others = (this.otherAgents ??= new Map<RunAgent, { tools?: TurnTools; modelCall?: ModelCallSettings }>());
    let other = others.get(agent);
    if (other === undefined) others.set(agent, (other = {}));
    return other;
  }

  /**
   * Gives a model's call id that the run has seen before (a provider numbering every turn `call_0`), or
   * one with `/` in it (which could pass for a sub-run's `<call>/<call>` id), a new id unique in the run.
   * @param id - the model's id
   * @param turn - the ids given to the turn's earlier calls
   * @returns the id to use
   */
  uniqueCallId(id: string, turn: readonly string[]): string {
    let unique = id.includes('/') ? id.replaceAll('/', '_') : id;
    if (this.usedCallIds === undefined && this.record.toolCallCount < 16) {
      // A short run: its earlier ids are found in the transcript, no set to keep.
      if (!turn.includes(unique) && !inTranscript(this.record, unique)) return unique;
    }
    if (this.usedCallIds === undefined) {
      this.usedCallIds = seenCallIds(this.record);
      for (const given of turn) this.usedCallIds.add(given);
    }
    const used = this.usedCallIds;
    if (used.has(unique)) {
      const base = unique;
      for (let copy = 2; used.has(unique); copy++) unique = `${base}_${copy}`;
    }
    used.add(unique);
    return unique;
  }

  /**
   * Options of a run nested in this one (an `AgentTool` call's agent): one level deeper, ending when
   * this run must end, streaming into this run's stream when it is streamed, and knowing this run.
   * @param options - the nested run's options
   * @param callId - the call that starts it
   * @returns a copy of `options` carrying the lineage
   */
  nest(options: RunOptions, callId: string): RunOptions {
    const stream = this.events.nested(callId);
    return withLineage(options, {
      parent: this,
      callId,
      depth: this.depth + 1,
      endsAt: Date.now() + this.deadline.remainingMs,
      ...(stream ? { stream } : {}),
    });
  }

  /**
   * The paused run of the agent of one of this run's calls, which the call resumes when it runs again.
   * @param callId - the `AgentTool` call's id
   * @returns the handle of its agent's paused run, if it has one
   */
  pausedRun(callId: string): RunState | undefined {
    return this.handle.subRunState(callId);
  }

  /**
   * Keeps a nested run's result (in `run.subRuns`, and summarized in the record).
   * @param run - the nested run's result
   */
  recordSubRun(run: RunResult): void {
    (this.subRunResults ??= []).push(run);
    (this.record.subRuns ??= []).push(summarizeSubRun(run));
  }

  /**
   * @param usage - the run's own usage
   * @returns a copy of it with its nested runs' usage added
   */
  usageWithSubRuns(usage: Usage): Usage {
    const results = this.subRunResults;
    if (results === undefined || results.length === 0) return { ...usage };
    return results.reduce((total, run) => addUsage(total, run.usage), usage);
  }

  /** @returns the results of the nested runs that ended, when there were any (a copy of the list) */
  subRunsReport(): RunResult[] | undefined {
    const results = this.subRunResults;
    return results === undefined || results.length === 0 ? undefined : results.slice();
  }
}

/** A deep copy of the state's values (a shallow one of values structured clone cannot copy). */
function copyOfValues(values: Record<string, unknown>): Record<string, unknown> {
  // No value to copy (most runs): a new empty object, without a structured clone.
  if (!hasKeys(values)) return {};
  try {
    return structuredClone(values);
  } catch {
    return { ...values };
  }
}

function hasKeys(values: Record<string, unknown>): boolean {
  for (const key in values) if (Object.hasOwn(values, key)) return true;
  return false;
}

/** Whether a call id is in the record's transcript already. */
function inTranscript(record: RunRecord, id: string): boolean {
  const { messages } = record;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    if (message.role !== 'assistant' || message.toolCalls === undefined) continue;
    const calls = message.toolCalls;
    for (let at = 0; at < calls.length; at++) if (calls[at]!.id === id) return true;
  }
  return false;
}

/** The call ids a record already holds (a resumed run's), so new ones never repeat them. */
function seenCallIds(record: RunRecord): Set<string> {
  const ids = new Set<string>();
  for (const message of record.messages) if (message.role === 'assistant') for (const call of message.toolCalls ?? []) ids.add(call.id);
  return ids;
}

/** The event sink of every run that is not streamed: it never sends, so one serves them all. */
const silentEvents = new RunEvents('', '', neverAborted);

/** The run's event sink: into its own stream, else into the stream of the enclosing streamed run (tagged with its parent), else nowhere. */
function runEvents(
  runId: string,
  agentName: string,
  deadline: RunDeadline,
  channel: EventChannel<AgentEvent> | undefined,
  lineage: RunLineage,
): RunEvents {
  const { stream } = lineage;
  // Without a stream the events never wait, so never read the signal: the run's is not made for them.
  if (channel === undefined && stream === undefined) return silentEvents;
  if (stream === undefined) return new RunEvents(runId, agentName, deadline, channel);
  const { channel: target, ...parent } = stream;
  return new RunEvents(runId, agentName, deadline, target, parent);
}

/** Where actions are kept: the run's record, or (once the run ended) a record of their own. */
type ActionsHolder = { actions?: RunRecord['actions'] };

const holderKey = Symbol('toolcraft.actionsHolder');

/**
 * The prototype of a run's actions: `AgentActions` whose fields read and write `record.actions` of
 * their holder (absent while none is asked for), so a saved state has the actions of its waiting
 * batch without a copy. Accessors on the prototype: a run pays for one object, not for closures.
 */
const recordActions: AgentActions = Object.create(
  AgentActions.prototype,
  Object.fromEntries(
    (['skipSummarization', 'escalate', 'transferToAgent'] as const).map((key) => [
      key,
      {
        enumerable: true,
        get(this: { [holderKey]: ActionsHolder | undefined }) {
          const value = this[holderKey]?.actions?.[key];
          return key === 'transferToAgent' ? value : value === true;
        },
        set(this: { [holderKey]: ActionsHolder | undefined }, value: unknown) {
          setAction((this[holderKey] ??= {}), key, key === 'transferToAgent' ? value : value === true ? true : undefined);
        },
      },
    ]),
  ),
) as AgentActions;

/** The run's actions, over its record. */
function actionsOver(record: RunRecord): AgentActions {
  const actions = Object.create(recordActions) as AgentActions & { [holderKey]: ActionsHolder };
  actions[holderKey] = record;
  return actions;
}

/**
 * Once the run ends, its actions are kept on a record of their own (a late tool's change does not reach
 * the run's): a copy of the run's, or none until a late tool asks for one (most runs).
 */
function detachActions(actions: AgentActions, record: RunRecord): void {
  (actions as AgentActions & { [holderKey]: ActionsHolder | undefined })[holderKey] =
    record.actions === undefined ? undefined : { actions: { ...record.actions } };
}

function setAction(record: ActionsHolder, key: 'skipSummarization' | 'escalate' | 'transferToAgent', value: unknown): void {
  if (value === undefined) {
    if (record.actions === undefined) return;
    delete record.actions[key];
    if (key === 'skipSummarization') delete record.actions.skipSummarizationSetBy;
    if (Object.keys(record.actions).length === 0) delete record.actions;
    return;
  }
  (record.actions ??= {})[key] = value as never;
}
