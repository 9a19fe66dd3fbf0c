import { randomUUID } from 'node:crypto';
import { AgentState } from '../context/agent-state.js';
import type { AgentEnvironment } from '../environment/agent-environment.js';
import type { ReceivedToolResult } from '../environment/tool-call.js';
import type { ToolExecutionOptions } from '../environment/agent-environment-options.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import { defaultAgentLimits, type AgentOptions } from './agent-options.js';
import type { ChatModel, ChatResponse, ToolChoice, ToolDefinition } from '../model/chat-model.js';
import { runInScope } from '../environment/run-in-scope.js';
import { callModel, type ModelCallSettings } from './model-call.js';
import { RunFeatureHooks } from './run-feature-hooks.js';
import type { AgentEvent } from './streaming/agent-event.js';
import { AgentStream } from './streaming/agent-stream.js';
import type { EventChannel } from './streaming/event-channel.js';
import { ToolCallEvents } from './streaming/tool-call-events.js';
import { resolveRetryOptions, type ResolvedRetryOptions } from './retry/retry-options.js';
import { RunAgentContext } from './run-agent-context.js';
import { AgentTools } from './agent-tools.js';
import type { TurnTools, TurnToolSet } from './turn-tools.js';
import { nextTurn, turnSliceMs } from './next-turn.js';
import { RunDeadline } from './run-deadline.js';
import type { ResumeOptions, RunOptions } from './run-options.js';
import type { CheckpointStore } from '../checkpoints/checkpoint-store.js';
import { CheckpointSaveError } from '../errors/checkpoint-save-error.js';
import { InvalidAgentOptionsError } from '../errors/invalid-agent-options-error.js';
import { InvalidRunStateError } from '../errors/invalid-run-state-error.js';
import { type ApprovalPolicy, readApprovalPolicy } from './pausing/approval-policy.js';
import { advanceBatch, markInDoubt, openBatch } from './pausing/batch.js';
import { Checkpointer } from './pausing/checkpointer.js';
import { deliverUpdates, hasUpdates } from './pausing/deliver-updates.js';
import { RunProgress } from './pausing/run-progress.js';
import { credentialsOf, RunState } from './pausing/run-state.js';
import { loadCheckpoint } from './pausing/load-checkpoint.js';
import { withUniqueCallIds } from './pausing/unique-call-ids.js';
import { checkSubAgents, findAgent, rootOf, transferTargets } from './handoffs/agent-tree.js';
import { TransferToAgentTool } from './handoffs/transfer-tool.js';
import type { Handoff } from './handoffs/handoff.js';
import { ToolUsage } from '../toolsets/tool-usage.js';
import type { ChatMessage } from '../model/messages.js';
import { reconcileWithCheckpoint } from './pausing/reconcile-checkpoint.js';
import { observeRun, runInSession } from './session-run.js';
import { RunExtras } from './run-extras.js';
import { SubRunRecorder, runTimeLimit } from './sub-runs.js';
import { checkOutputKey, storeOutput } from './output-key.js';
import type { RunResult } from './run-result.js';
import { RunTranscript } from './run-transcript.js';
import type { StopReason } from '../model/stop-reason.js';
import { validateAgentOptions, type AgentLimits } from './validate-agent-options.js';

type Outcome = { stopReason: StopReason; text?: string; transferTo?: string };

/**
 * The provider-neutral agent loop: sends the transcript and the registry's tools to the model,
 * answers every tool call of a turn through one {@link AgentEnvironment} before the next model
 * call, and stops on an answer, a tool's action, a limit or an abort. Failed model calls are
 * retried with backoff when retryable.
 * @example
 * const agent = new Agent({ model, registry: ToolRegistry.of(new CalculatorTool()), instructions: 'Be brief.' });
 * const run = await agent.run('What is 3 + 4?');
 * run.text; // '7'
 */
export class Agent {
  /** The agent's name (`context.agentName` for its tools). */
  readonly name: string;
  /** What the agent does (shown to other agents' models in `transfer_to_agent`, and `AgentTool`'s default description). */
  readonly description?: string;
  /** The agents this one may hand the conversation to (`subAgents`); their parent is this agent. */
  readonly subAgents: readonly Agent[];
  private parentAgent?: Agent;
  /** Where a completed run stores its final text in the state (ADK's `output_key`), if anywhere. */
  readonly outputKey?: string;
  /** The model the agent talks to. */
  readonly model: ChatModel;
  /** The agent's fixed tools (`registry` and the tools of `tools`, after a names `toolFilter`); toolsets add theirs per turn. */
  readonly registry: ToolRegistry;
  /** The environment of the fixed tools (features installed once); each turn's environment shares its features and settings. */
  readonly environment: AgentEnvironment;
  /** The fixed tools as the model is shown them, computed once. */
  readonly toolDefinitions: readonly ToolDefinition[];
  private readonly toolSources: AgentTools;
  private readonly instructions?: string;
  private readonly limits: AgentLimits;
  private readonly retry: ResolvedRetryOptions;
  private readonly toolChoice?: ToolChoice;
  private readonly resetToolChoice: boolean;
  private readonly extras: RunExtras;
  private readonly approvals: ApprovalPolicy;

  /**
   * @param options - the model, registry, instructions, features, limits and retry policy
   * @throws InvalidAgentOptionsError for an impossible limit or retry setting
   */
  constructor(options: AgentOptions) {
    const {
      model,
      registry,
      tools,
      toolFilter,
      instructions,
      name,
      maxIterations,
      maxToolCalls,
      maxDurationMs,
      retry,
      toolChoice,
      resetToolChoice,
      artifacts,
      memoryService,
      memory,
      resultBudget,
      approvals,
      subAgents,
      description,
      outputKey,
      ...environment
    } = options;
    this.limits = {
      maxIterations: maxIterations ?? defaultAgentLimits.maxIterations,
      maxToolCalls: maxToolCalls ?? defaultAgentLimits.maxToolCalls,
      maxDurationMs: maxDurationMs ?? defaultAgentLimits.maxDurationMs,
    };
    this.retry = resolveRetryOptions(retry);
    validateAgentOptions(this.limits, this.retry);
    this.approvals = readApprovalPolicy(approvals);
    this.name = name ?? 'agent';
    if (description !== undefined) this.description = description;
    this.subAgents = checkSubAgents(this.name, subAgents, (value): value is Agent => value instanceof Agent) as readonly Agent[];
    for (const sub of this.subAgents) sub.parentAgent = this;
    this.outputKey = checkOutputKey(outputKey);
    this.model = model;
    this.extras = new RunExtras(this.name, { artifacts, memoryService, memory, resultBudget });
    this.toolSources = this.extras.withBuiltInTools(
      (builtIn) =>
        new AgentTools({ registry, tools: builtIn === undefined ? tools : [...(tools ?? []), builtIn], toolFilter }, environment),
    );
    this.registry = this.toolSources.registry;
    this.instructions = instructions;
    this.toolChoice = toolChoice;
    this.resetToolChoice = resetToolChoice ?? true;
    this.environment = this.toolSources.environment;
    this.toolDefinitions = this.toolSources.definitions;
  }

  /**
   * Runs the agent on one user message.
   * @param input - the user's message
   * @param options - metadata, signal, initial state, history, tool choice and checkpoints of this run
   * @returns the final text, stop reason, transcript, tool calls, usage, state changes, and the run's
   *   `state` (with `interruptions` when it stopped `'interrupted'`, and `pending` long-running calls)
   * @throws ModelCallError once retries of a retryable model failure are exhausted (with `attempts`)
   * @throws ModelCallError (`retryable: false`) when the model's reply is not a chat response, saying what was wrong
   * @throws the model's error as it is when it is not retryable
   * @throws with `session`: CorruptSessionError / UnsupportedSessionFormatError before any model call; SessionSaveError (with `result`) when the run could not be saved
   * @throws with `checkpoints`: CheckpointSaveError when a checkpoint could not be saved (before a batch: none of its calls ran)
   */
  run(input: string, options: RunOptions = {}): Promise<RunResult> {
    return this.execute({ input }, options);
  }

  /**
   * Runs the agent on one user message and streams what happens: text as it arrives, each message,
   * each tool call's start, progress and result, handoffs, interruptions, and the end. Iterate the
   * stream with `for await`; `stream.result` is the `RunResult` `run` gives. Breaking out of the loop
   * (or aborting `options.signal`) cancels the run (`'aborted'`). See {@link AgentStream}.
   * @param input - the user's message, or a `RunState` to resume (as `agent.resume` does, streamed)
   * @param options - as for `run` (for a state: as for `resume`)
   * @returns the stream of the run's events, with its `result`
   */
  stream(input: string | RunState, options: RunOptions = {}): AgentStream {
    const start: RunStart = typeof input === 'string' ? { input } : { state: input };
    return new AgentStream((channel, signal) => {
      if ('state' in start) {
        const refused = this.refusal(start.state);
        if (refused !== undefined) return Promise.reject(refused);
      }
      return this.execute(start, { ...options, signal }, channel);
    }, options.signal);
  }

  /**
   * Continues a run that stopped: answers its interruptions as the state's decisions say (approved
   * calls run, rejected ones are told so, resolved ones get the host's result, calls with a provided
   * credential run again), delivers updates of long-running calls, and goes on. A call whose result
   * the state recorded never runs again. Undecided interruptions come back at once, without a model
   * call; a state with nothing left to do returns its result as it stands. The state is moved on in
   * place (`run.state` is the same object).
   * @param state - `run.state`, or `RunState.fromJSON(...)` of a saved one
   * @param options - metadata, signal, tools and checkpoints of this part of the run
   * @returns the run's result, counting everything since it started
   * @throws InvalidRunStateError when the state is not a RunState or belongs to another agent
   */
  resume(state: RunState, options: ResumeOptions = {}): Promise<RunResult> {
    const refused = this.refusal(state);
    return refused === undefined ? this.execute({ state }, options) : Promise.reject(refused);
  }

  /** Why a state cannot be resumed by this agent now, if it cannot. */
  private refusal(state: RunState): Error | undefined {
    if (!RunState.isInstance(state))
      return new InvalidRunStateError('agent.resume takes a RunState: run.state, or RunState.fromJSON(JSON.parse(saved)).');
    if (state.agentName !== this.name)
      return new InvalidRunStateError(
        `it is a run of agent '${state.agentName}', and this agent is '${this.name}'; resume it with that agent.`,
      );
    if (state.busy)
      return new InvalidRunStateError(
        `run '${state.runId}' is being resumed already with this state object; wait for that resume to end (its result's state is this same object).`,
      );
    return undefined;
  }

  /**
   * Continues a run from its last checkpoint, after its process died (or from any process): calls with
   * a recorded result are not run again; a call that started without a recorded result runs again
   * when its tool is idempotent (with the same idempotency key), and otherwise comes back as an
   * `'approval'` interruption marked `inDoubt`. A run checkpointed as interrupted returns the same
   * interruptions. Checkpointing goes on in the same store.
   * @param runId - the run's id
   * @param options - `checkpoints` (required), and metadata, signal and tools
   * @returns the run's result
   * @throws InvalidRunStateError when the store has no checkpoint of the run, or it cannot be read
   */
  async recover(runId: string, options: ResumeOptions & { checkpoints: CheckpointStore }): Promise<RunResult> {
    const store = options?.checkpoints;
    if (typeof store?.load !== 'function')
      throw new InvalidAgentOptionsError('recover({ checkpoints })', store, 'a CheckpointStore (the one the run was started with)');
    const saved = await loadCheckpoint(store, runId, options.signal);
    if (saved === undefined) throw new InvalidRunStateError(`the checkpoint store has no checkpoint of run '${runId}'.`);
    return this.resume(RunState.fromJSON(saved), options);
  }

  private async execute(start: RunStart, options: RunOptions, channel?: EventChannel<AgentEvent>): Promise<RunResult> {
    const resumed = 'state' in start ? start.state : undefined;
    if (options.session !== undefined) {
      if (resumed !== undefined)
        throw new InvalidAgentOptionsError(
          'session (of resume options)',
          options.session,
          'absent: a resumed run does not save to a session (run it with one; its messages are saved when it stops)',
        );
      return runInSession({ ...options, session: options.session }, this.limits.maxDurationMs, (inner) =>
        this.execute(start, inner, channel),
      );
    }
    if (options.runId !== undefined && (typeof options.runId !== 'string' || options.runId.length === 0 || resumed !== undefined))
      throw new InvalidAgentOptionsError(
        'runId (of run options)',
        options.runId,
        resumed === undefined ? 'a non-empty string' : 'absent when resuming (the state has its run id)',
      );
    const runState = resumed ?? new RunState(RunProgress.initialData(options.runId ?? randomUUID(), this.name));
    const deadline = new RunDeadline(
      runTimeLimit(options, Math.max(0, this.limits.maxDurationMs - runState.data.elapsedMs)),
      options.signal,
    );
    runState.busy = true;
    try {
      return await this.executeFrom(start, runState, deadline, options, channel);
    } finally {
      runState.busy = false;
      deadline.dispose();
    }
  }

  private async executeFrom(
    start: RunStart,
    runState: RunState,
    deadline: RunDeadline,
    options: RunOptions,
    channel: EventChannel<AgentEvent> | undefined,
  ): Promise<RunResult> {
    const resumed = 'state' in start ? start.state : undefined;
    const { runId } = runState;
    const subRuns = new SubRunRecorder(options, deadline, runState);
    if (resumed !== undefined && options.checkpoints !== undefined)
      await reconcileWithCheckpoint(resumed, options.checkpoints, deadline.signal);
    let values: AgentState;
    if (resumed !== undefined) values = RunProgress.restoreValues(resumed.data);
    else values = new AgentState(options.state instanceof AgentState ? options.state.toJSON() : options.state);
    const context = new RunAgentContext(
      {
        runId,
        agentName: this.name,
        state: values,
        signal: deadline.signal,
        credentials: (callId, key) => credentialsOf(runState, false)?.get(callId)?.get(key),
        ...this.extras.contextServices(runId, options, deadline.signal),
      },
      subRuns.events(runId, this.name, deadline.signal, channel),
      subRuns,
    );
    const transcript =
      resumed !== undefined
        ? RunProgress.restoreTranscript(resumed.data)
        : new RunTranscript(this.instructions, options.history ?? [], (start as { input: string }).input);
    if (resumed === undefined) observeRun(options, transcript, context);
    const progress = new RunProgress(runState, transcript, values, context, options.toolChoice ?? this.toolChoice);
    const checkpoints = new Checkpointer(options.checkpoints, runId, () => progress.capture(true), deadline.signal);
    const { pipeline } = this.environment;
    const hooks = new RunFeatureHooks(pipeline, { runId, agentName: this.name, agentContext: context, model: this.model }, deadline.signal);
    let finished = false;
    try {
      await hooks.runStarting('input' in start ? start.input : '');
      const active = runState.data.activeAgent === undefined ? this : findAgent(rootOf<Agent>(this), runState.data.activeAgent);
      if (active === undefined)
        throw new InvalidRunStateError(
          `the run was with agent '${runState.data.activeAgent}', which is not in the tree of agent '${this.name}'.`,
        );
      const run: LoopRun = {
        context,
        transcript,
        deadline,
        options,
        hooks,
        progress,
        checkpoints,
        current: this,
        toolsBy: new Map(),
        modelCalls: new Map(),
        execution: { agentContext: context, runId, signal: deadline.signal },
        usage: new ToolUsage(),
        handoffs: runState.data.handoffs ?? [],
      };
      if (active !== this) this.switchAgent(run, active);
      // A resumed run goes on counting where it stopped.
      if (runState.data.toolUsage !== undefined) run.usage.restore(runState.data.toolUsage);
      progress.toolUsage = () => run.usage.toJSON();
      const outcome = await (pipeline.scopes.length === 0
        ? this.loop(run)
        : runInScope(pipeline, { kind: 'run', runId, agentName: this.name }, () => this.loop(run)));
      const text = outcome.text ?? transcript.lastAssistantText;
      storeOutput(context.state, run.current.outputKey, outcome.stopReason, text);
      progress.status = outcome.stopReason;
      if (outcome.text !== undefined) runState.data.text = outcome.text;
      else delete runState.data.text;
      if (outcome.transferTo !== undefined) runState.data.transferTo = outcome.transferTo;
      else delete runState.data.transferTo;
      progress.stop();
      finished = true;
      const result: RunResult = {
        runId,
        agentName: run.current.name,
        handoffs: run.handoffs,
        text,
        stopReason: outcome.stopReason,
        messages: transcript.messages,
        toolCalls: transcript.toolCalls,
        ...subRuns.report(transcript.usage),
        stateDelta: context.state.delta,
        ...(outcome.transferTo === undefined ? {} : { transferTo: outcome.transferTo }),
        durationMs: progress.elapsedMs,
        ...(transcript.finishReason === undefined ? {} : { finishReason: transcript.finishReason }),
        ...this.extras.report(transcript),
        state: runState,
        interruptions: outcome.stopReason === 'interrupted' ? runState.interruptions : [],
        pending: runState.pending,
      };
      for (const item of result.interruptions)
        context.events.enqueue({
          type: 'interruption',
          kind: item.kind,
          callId: item.callId,
          toolName: item.toolName,
          // A call waiting in an AgentTool's sub-run is its agent's.
          ...(item.parentCallId === undefined ? {} : { agentName: item.agentName }),
        });
      if (checkpoints.active)
        try {
          await checkpoints.save();
        } catch (error) {
          // An aborted run does not wait for its last checkpoint (it is still written, in order).
          if (!deadline.signal.aborted) throw new CheckpointSaveError(runId, (error as CheckpointSaveError).cause, result);
        }
      await hooks.runCompleted({ stopReason: result.stopReason, usage: result.usage, durationMs: result.durationMs });
      context.events.enqueue({ type: 'run_completed', stopReason: result.stopReason, result });
      return result;
    } catch (error) {
      if (!finished) {
        // The state keeps what happened (results of a finished batch, delivered updates): it can go on.
        progress.status = 'running';
        progress.capture(false);
        checkpoints.saveSoon();
      }
      await hooks.runCompleted({ error, usage: transcript.usage, durationMs: progress.elapsedMs });
      throw error;
    }
  }

  /**
   * Closes every toolset of the agent's `tools` and of its sub-agents, once (a later call returns the
   * same result); the agent cannot run afterwards. Toolsets close all at once, each within `timeoutMs` (default 10 s);
   * one that fails does not keep the others from closing.
   * @param options - `timeoutMs` of each toolset's `close()`
   * @throws ToolsetCloseError listing every toolset that failed to close
   */
  close(options: { timeoutMs?: number } = {}): Promise<void> {
    const own = this.toolSources.close(options.timeoutMs ?? 10_000);
    if (this.subAgents.length === 0) return own;
    // Sub-agents close too (their toolsets may be MCP servers); the first failure is thrown.
    return Promise.allSettled([own, ...this.subAgents.map((sub) => sub.close(options))]).then((outcomes) => {
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
    });
  }

  /** The agent whose `subAgents` include this one, if any. */
  get parent(): Agent | undefined {
    return this.parentAgent;
  }

  /** This agent's tools of one run: its own, the run's, and `transfer_to_agent` when it has someone to hand over to. */
  private toolsFor(run: Pick<LoopRun, 'context' | 'options' | 'deadline' | 'toolsBy' | 'usage'>): TurnTools {
    let tools = run.toolsBy.get(this);
    if (tools !== undefined) return tools;
    const targets = transferTargets(this);
    const extra = targets.length === 0 ? run.options.tools : [...(run.options.tools ?? []), new TransferToAgentTool(targets)];
    tools = this.toolSources.forRun(run.context, extra, run.deadline.signal, run.usage);
    run.toolsBy.set(this, tools);
    return tools;
  }

  /** How the run calls an agent's model (made when the agent first answers). */
  private modelCallOf(run: LoopRun, agent: Agent): ModelCallSettings {
    let settings = run.modelCalls.get(agent);
    if (settings !== undefined) return settings;
    const { context, deadline } = run;
    settings = {
      model: agent.model,
      retry: agent.retry,
      pipeline: this.environment.pipeline,
      hooks: run.hooks,
      events: context.events,
      runId: context.runId,
      agentName: agent.name,
      remainingMs: () => deadline.remainingMs,
    };
    run.modelCalls.set(agent, settings);
    return settings;
  }

  /** The messages the model is sent: the transcript, under this agent's instructions when it took over. */
  private messagesFor(transcript: RunTranscript, root: Agent): ChatMessage[] {
    const { messages } = transcript;
    if (this === root) return messages;
    const rest = messages[0]?.role === 'system' ? messages.slice(1) : messages;
    return this.instructions ? [{ role: 'system', content: this.instructions }, ...rest] : rest.slice();
  }

  private async loop(run: LoopRun): Promise<Outcome> {
    const { context, transcript, deadline, progress } = run;
    const { signal } = deadline;
    const data = progress.state.data;
    if (data.batch === undefined && !hasUpdates(data) && data.status !== 'running')
      // A stopped run with nothing to answer or deliver: its result as it stands.
      return {
        stopReason: data.status,
        ...(data.text === undefined ? {} : { text: data.text }),
        ...(data.transferTo === undefined ? {} : { transferTo: data.transferTo }),
      };
    progress.status = 'running';
    if (data.batch !== undefined) {
      const turn = await this.nextTools(run.current.toolsFor(run), signal);
      if (turn === undefined) return { stopReason: deadline.stopReason };
      markInDoubt(data.batch, turn);
      const outcome = await this.answerBatch(run, turn);
      if (outcome !== undefined) return outcome;
    }
    let yieldedAt = Date.now();
    for (let first = true; ; first = false) {
      // A model and tools that settle in microtasks would otherwise starve timers and the caller's abort.
      if (!first && Date.now() - yieldedAt >= turnSliceMs) {
        await nextTurn();
        yieldedAt = Date.now();
      }
      if (deadline.expireIfDue()) return { stopReason: deadline.stopReason };
      if (data.pending.length > 0) deliverUpdates(progress.state.data, transcript);
      if (progress.iterations >= this.limits.maxIterations) return { stopReason: 'max_iterations' };
      const agent = run.current;
      let response: ChatResponse;
      let turn: TurnToolSet;
      try {
        const next = agent.toolsFor(run).next();
        turn = next instanceof Promise ? await next : next;
        const window = agent.extras.window(transcript, agent.messagesFor(transcript, this), deadline);
        const request = {
          messages: window instanceof Promise ? await window : window,
          tools: turn.definitions as ToolDefinition[],
          signal,
        };
        const { toolChoice } = progress;
        response = await callModel(
          this.modelCallOf(run, agent),
          toolChoice === undefined ? request : { ...request, toolChoice },
          progress.iterations,
        );
      } catch (error) {
        if (signal.aborted) return { stopReason: deadline.stopReason };
        throw error;
      }
      progress.iterations++;
      const message = withUniqueCallIds(response.message);
      transcript.addAssistant(message, response.usage);
      transcript.finishReason = response.finishReason;
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return { stopReason: 'completed' };
      if (progress.toolCalls + calls.length > this.limits.maxToolCalls) {
        transcript.addNotExecuted(calls, `the run reached its limit of ${this.limits.maxToolCalls} tool calls.`);
        return { stopReason: 'max_tool_calls' };
      }
      progress.toolCalls += calls.length;
      const opened = openBatch(calls, { set: turn, policy: agent.approvals, context });
      progress.state.data.batch = opened instanceof Promise ? await opened : opened;
      const outcome = await this.answerBatch(run, turn);
      if (outcome !== undefined) return outcome;
      // A forced choice ('required' or one tool) would loop forever; after one turn of calls the model may answer.
      const choice = progress.toolChoice;
      if (this.resetToolChoice && (choice === 'required' || typeof choice === 'object')) progress.toolChoice = 'auto';
    }
  }

  /**
   * Hands the run to another agent of the tree: it continues on the same transcript with that agent's
   * instructions, model and tools; tools see its name as `context.agentName`.
   */
  private switchAgent(run: LoopRun, to: Agent): void {
    run.current = to;
    run.context.switchAgent(to.name);
    run.hooks.useAgent(to.name, to.model);
    const { data } = run.progress.state;
    if (to === this) delete data.activeAgent;
    else data.activeAgent = to.name;
    if (run.handoffs.length > 0) data.handoffs = run.handoffs;
  }

  /** Follows a handoff a tool asked for: a transfer to an agent of the tree, or an escalation from a sub-agent to its parent. */
  private handOff(run: LoopRun, results: readonly ReceivedToolResult[]): Outcome | undefined | Promise<undefined> {
    const { context } = run;
    const { actions } = context;
    const from = run.current;
    let to: Agent | undefined;
    let kind: 'transfer' | 'escalate';
    if (actions.transferToAgent !== undefined) {
      kind = 'transfer';
      to = findAgent(rootOf<Agent>(this), actions.transferToAgent);
      // An agent outside the tree: the host routes it, as before handoffs existed.
      if (to === undefined) return requestedStop(context, results);
      actions.transferToAgent = undefined;
    } else if (actions.escalate && from !== this && from.parent !== undefined) {
      kind = 'escalate';
      to = from.parent;
      actions.escalate = false;
    } else return requestedStop(context, results);
    if (to !== from) {
      const handoff: Handoff = { from: from.name, to: to.name, kind };
      run.handoffs.push(handoff);
      this.switchAgent(run, to);
      context.events.enqueue({ type: 'handoff', to: to.name, agentName: from.name });
      return run.hooks.handoff(handoff);
    }
    return undefined;
  }

  /** The tools of a turn, or undefined when the run stopped while a toolset was pending. */
  private async nextTools(tools: TurnTools, signal: AbortSignal): Promise<TurnToolSet | undefined> {
    try {
      return await tools.next();
    } catch (error) {
      if (signal.aborted) return undefined;
      throw error;
    }
  }

  /**
   * Answers what it can of the run's batch; when every call has its result, adds them to the
   * transcript, checkpoints, and tells whether the run stops here.
   */
  private async answerBatch(run: LoopRun, turn: TurnToolSet): Promise<Outcome | undefined> {
    const { context, transcript, deadline, progress, checkpoints, options } = run;
    const agent = run.current;
    const state = progress.state;
    const { signal } = deadline;
    const done = await advanceBatch({
      state,
      set: turn,
      tools: agent.toolsFor(run),
      context,
      metadata: options.metadata,
      execution: run.execution,
      events: context.events.active ? new ToolCallEvents(context.events) : undefined,
      budget: (executed) => agent.extras.budget(executed, turn.environment.registry, context.artifacts, signal),
      checkpoints,
      policy: agent.approvals,
      received: progress.received,
    });
    if (!done) return deadline.expireIfDue() ? { stopReason: deadline.stopReason } : { stopReason: 'interrupted' };
    const entries = state.data.batch!;
    const results = entries.map(
      (entry) => progress.received.get(entry.callId) ?? { id: entry.callId, name: entry.toolName, ...entry.result! },
    );
    transcript.addResults(
      entries.map((entry) => ({ id: entry.callId, name: entry.toolName, arguments: entry.arguments })),
      results,
    );
    delete state.data.batch;
    if (checkpoints.active) await checkpoints.save();
    if (deadline.expireIfDue()) return { stopReason: deadline.stopReason };
    return this.handOff(run, results);
  }
}

/** What a run starts from: a user message, or a saved state. */
type RunStart = { input: string } | { state: RunState };

/** What the loop of one run works with. */
interface LoopRun {
  readonly context: RunAgentContext;
  readonly transcript: RunTranscript;
  readonly deadline: RunDeadline;
  readonly options: RunOptions;
  /** The agent answering now (the run's agent, or one it handed over to). */
  current: Agent;
  /** The tools of each agent that took part, built when it first answers. */
  readonly toolsBy: Map<Agent, TurnTools>;
  /** How the model of each agent that took part is called. */
  readonly modelCalls: Map<Agent, ModelCallSettings>;
  /** How the run's tool calls are executed. */
  readonly execution: ToolExecutionOptions;
  /** The handoffs so far. */
  readonly handoffs: Handoff[];
  /** The run's per-tool counts, shared by its agents. */
  readonly usage: ToolUsage;
  readonly hooks: RunFeatureHooks;
  readonly progress: RunProgress;
  readonly checkpoints: Checkpointer;
}

function requestedStop(context: RunAgentContext, results: readonly ReceivedToolResult[]): Outcome | undefined {
  const { actions } = context;
  if (actions.transferToAgent !== undefined) return { stopReason: 'transfer', transferTo: actions.transferToAgent };
  if (actions.escalate) return { stopReason: 'escalate' };
  if (!actions.skipSummarization) return undefined;
  const id = context.setBy('skipSummarization');
  const result = results.find((candidate) => candidate.id === id) ?? results.at(-1);
  if (result === undefined || result.isError) {
    // The call that asked to end the run failed: the model sees the error and goes on instead.
    actions.skipSummarization = false;
    return undefined;
  }
  return { stopReason: 'completed', text: result.content };
}
