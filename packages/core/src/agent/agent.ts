import { randomUUID } from 'node:crypto';
import { AgentState } from '../context/agent-state.js';
import type { AgentEnvironment } from '../environment/agent-environment.js';
import type { ReceivedToolResult } from '../environment/tool-call.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import { defaultAgentLimits, type AgentOptions } from './agent-options.js';
import type { ChatModel, ChatResponse, ToolChoice, ToolDefinition } from '../model/chat-model.js';
import { runInScope } from '../environment/run-in-scope.js';
import { callModel, type ModelCallSettings } from './model-call.js';
import { RunFeatureHooks } from './run-feature-hooks.js';
import type { AgentEvent } from './streaming/agent-event.js';
import { AgentStream } from './streaming/agent-stream.js';
import type { EventChannel } from './streaming/event-channel.js';
import { RunEvents } from './streaming/run-events.js';
import { ToolCallEvents } from './streaming/tool-call-events.js';
import { resolveRetryOptions, type ResolvedRetryOptions } from './retry/retry-options.js';
import { RunAgentContext } from './run-agent-context.js';
import { AgentTools } from './agent-tools.js';
import type { TurnTools, TurnToolSet } from './turn-tools.js';
import { nextTurn } from './next-turn.js';
import { RunDeadline } from './run-deadline.js';
import type { RunOptions } from './run-options.js';
import { observeRun, runInSession } from './session-run.js';
import { RunExtras } from './run-extras.js';
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
      ...environment
    } = options;
    this.limits = {
      maxIterations: maxIterations ?? defaultAgentLimits.maxIterations,
      maxToolCalls: maxToolCalls ?? defaultAgentLimits.maxToolCalls,
      maxDurationMs: maxDurationMs ?? defaultAgentLimits.maxDurationMs,
    };
    this.retry = resolveRetryOptions(retry);
    validateAgentOptions(this.limits, this.retry);
    this.name = name ?? 'agent';
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
   * @param options - metadata, signal, initial state, history and tool choice of this run
   * @returns the final text, stop reason, transcript, tool calls, usage and state changes
   * @throws ModelCallError once retries of a retryable model failure are exhausted (with `attempts`)
   * @throws ModelCallError (`retryable: false`) when the model's reply is not a chat response, saying what was wrong
   * @throws the model's error as it is when it is not retryable
   * @throws with `session`: CorruptSessionError / UnsupportedSessionFormatError before any model call; SessionSaveError (with `result`) when the run could not be saved
   */
  run(input: string, options: RunOptions = {}): Promise<RunResult> {
    return this.execute(input, options);
  }

  /**
   * Runs the agent on one user message and streams what happens: text as it arrives, each message,
   * each tool call's start, progress and result, handoffs, interruptions, and the end. Iterate the
   * stream with `for await`; `stream.result` is the `RunResult` `run` gives. Breaking out of the loop
   * (or aborting `options.signal`) cancels the run (`'aborted'`). See {@link AgentStream}.
   * @param input - the user's message
   * @param options - as for `run`
   * @returns the stream of the run's events, with its `result`
   */
  stream(input: string, options: RunOptions = {}): AgentStream {
    return new AgentStream((channel, signal) => this.execute(input, { ...options, signal }, channel), options.signal);
  }

  private async execute(input: string, options: RunOptions, channel?: EventChannel<AgentEvent>): Promise<RunResult> {
    if (options.session !== undefined)
      return runInSession({ ...options, session: options.session }, this.limits.maxDurationMs, (inner) =>
        this.execute(input, inner, channel),
      );
    const startedAt = Date.now();
    const deadline = new RunDeadline(this.limits.maxDurationMs, options.signal);
    const initial = options.state instanceof AgentState ? options.state.toJSON() : options.state;
    const runId = randomUUID();
    const context = new RunAgentContext(
      {
        runId,
        agentName: this.name,
        state: new AgentState(initial),
        signal: deadline.signal,
        ...this.extras.contextServices(runId, options, deadline.signal),
      },
      new RunEvents(runId, this.name, deadline.signal, channel),
    );
    const transcript = new RunTranscript(this.instructions, options.history ?? [], input);
    observeRun(options, transcript, context);
    const { pipeline } = this.environment;
    const hooks = new RunFeatureHooks(pipeline, { runId, agentName: this.name, agentContext: context, model: this.model }, deadline.signal);
    try {
      await hooks.runStarting(input);
      const tools = this.toolSources.forRun(context, options.tools, deadline.signal);
      const scope = { kind: 'run', runId, agentName: this.name } as const;
      const outcome = await runInScope(pipeline, scope, () => this.loop(context, transcript, deadline, options, tools, hooks));
      const result: RunResult = {
        runId: context.runId,
        text: outcome.text ?? transcript.lastAssistantText,
        stopReason: outcome.stopReason,
        messages: transcript.messages,
        toolCalls: transcript.toolCalls,
        usage: transcript.usage,
        stateDelta: context.state.delta,
        ...(outcome.transferTo === undefined ? {} : { transferTo: outcome.transferTo }),
        durationMs: Date.now() - startedAt,
        ...(transcript.finishReason === undefined ? {} : { finishReason: transcript.finishReason }),
        ...this.extras.report(transcript),
      };
      await hooks.runCompleted({ stopReason: result.stopReason, usage: result.usage, durationMs: result.durationMs });
      context.events.enqueue({ type: 'run_completed', stopReason: result.stopReason, result });
      return result;
    } catch (error) {
      await hooks.runCompleted({ error, usage: transcript.usage, durationMs: Date.now() - startedAt });
      throw error;
    } finally {
      deadline.dispose();
    }
  }

  /**
   * Closes every toolset of the agent's `tools`, once (a later call returns the same promise); the
   * agent cannot run afterwards. Toolsets close all at once, each within `timeoutMs` (default 10 s);
   * one that fails does not keep the others from closing.
   * @param options - `timeoutMs` of each toolset's `close()`
   * @throws ToolsetCloseError listing every toolset that failed to close
   */
  close(options: { timeoutMs?: number } = {}): Promise<void> {
    return this.toolSources.close(options.timeoutMs ?? 10_000);
  }

  private async loop(
    context: RunAgentContext,
    transcript: RunTranscript,
    deadline: RunDeadline,
    options: RunOptions,
    tools: TurnTools,
    hooks: RunFeatureHooks,
  ): Promise<Outcome> {
    const { signal } = deadline;
    const modelCall: ModelCallSettings = {
      model: this.model,
      retry: this.retry,
      pipeline: this.environment.pipeline,
      hooks,
      events: context.events,
      runId: context.runId,
      agentName: this.name,
      remainingMs: () => deadline.remainingMs,
    };
    let toolChoice = options.toolChoice ?? this.toolChoice;
    let toolCallCount = 0;
    for (let iteration = 0; ; iteration++) {
      // A model and tools that settle in microtasks would otherwise starve timers and the caller's abort.
      if (iteration > 0) await nextTurn();
      if (deadline.expireIfDue()) return { stopReason: deadline.stopReason };
      if (iteration >= this.limits.maxIterations) return { stopReason: 'max_iterations' };
      let response: ChatResponse;
      let turn: TurnToolSet;
      try {
        const next = tools.next();
        turn = next instanceof Promise ? await next : next;
        const request = {
          messages: await this.extras.window(transcript, transcript.messages, deadline),
          tools: turn.definitions as ToolDefinition[],
          signal,
        };
        response = await callModel(modelCall, toolChoice === undefined ? request : { ...request, toolChoice }, iteration);
      } catch (error) {
        if (signal.aborted) return { stopReason: deadline.stopReason };
        throw error;
      }
      const { message } = response;
      transcript.addAssistant(message, response.usage);
      transcript.finishReason = response.finishReason;
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return { stopReason: 'completed' };
      if (toolCallCount + calls.length > this.limits.maxToolCalls) {
        transcript.addNotExecuted(calls, `the run reached its limit of ${this.limits.maxToolCalls} tool calls.`);
        return { stopReason: 'max_tool_calls' };
      }
      toolCallCount += calls.length;
      const callEvents = new ToolCallEvents(context.events);
      await callEvents.started(calls);
      const executed = await tools.execute(turn, calls, options.metadata, {
        agentContext: context,
        runId: context.runId,
        signal,
        ...callEvents.listeners(),
      });
      const results = await this.extras.budget(executed, turn.environment.registry, context.artifacts, signal);
      callEvents.finished(results);
      transcript.addResults(calls, results);
      // A forced choice ('required' or one tool) would loop forever; after one turn of calls the model may answer.
      if (this.resetToolChoice && (toolChoice === 'required' || typeof toolChoice === 'object')) toolChoice = 'auto';
      if (deadline.expireIfDue()) return { stopReason: deadline.stopReason };
      const requested = requestedStop(context, results);
      if (requested !== undefined) return requested;
    }
  }
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
