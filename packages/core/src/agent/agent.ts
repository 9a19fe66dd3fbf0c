import type { AgentEnvironment } from '../environment/agent-environment.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import { defaultAgentLimits, type AgentOptions } from './agent-options.js';
import type { ChatModel, ToolDefinition } from '../model/chat-model.js';
import type { AgentEvent } from './streaming/agent-event.js';
import { AgentStream } from './streaming/agent-stream.js';
import type { EventChannel } from './streaming/event-channel.js';
import type { StreamCancel } from './streaming/stream-cancel.js';
import { resolveRetryOptions } from './retry/retry-options.js';
import { AgentTools } from './agent-tools.js';
import type { ResumeOptions, RunOptions } from './run-options.js';
import type { CheckpointStore } from '../checkpoints/checkpoint-store.js';
import { InvalidRunOptionsError } from '../errors/invalid-run-options-error.js';
import { InvalidRunStateError } from '../errors/invalid-run-state-error.js';
import { readApprovalPolicy } from './pausing/approval-policy.js';
import { RunState } from './pausing/run-state.js';
import { loadCheckpoint } from './pausing/load-checkpoint.js';
import { checkSubAgents } from './handoffs/agent-tree.js';
import { RunExtras } from './run-extras.js';
import { checkOutputKey } from './output-key.js';
import type { RunResult } from './run-result.js';
import { validateAgentOptions } from './validate-agent-options.js';
import { readModelSettings, readProviderOptions } from './read-model-settings.js';
import { readGuardrails } from './guardrails/read-guardrails.js';
import { readContextProviders } from './context-providers/read-context-providers.js';
import { readRepairOptions } from './repair/read-repair-options.js';
import type { AgentSettings } from './run/run-agent.js';
import { startRun, type RunStart } from './run/start-run.js';
import { readAgentOutput } from './output/agent-output.js';
import { prepareOutput } from './output/prepare-output.js';

/**
 * The provider-neutral agent loop: sends the transcript and the registry's tools to the model,
 * answers every tool call of a turn through one {@link AgentEnvironment} before the next model
 * call, and stops on an answer, a tool's action, a limit or an abort. Failed model calls are
 * retried with backoff when retryable.
 * `TOutput` is what the agent's `outputType` decodes to (`run.output`), inferred from it: an Args
 * class's instances, a zod schema's output; `unknown` for `{ jsonSchema }` (unless given:
 * `new Agent<Invoice>(...)`) and for an agent without one.
 * @example
 * const agent = new Agent({ model, registry: ToolRegistry.of(new CalculatorTool()), instructions: 'Be brief.' });
 * const run = await agent.run('What is 3 + 4?');
 * run.text; // '7'
 * @example
 * const reader = new Agent({ model, outputType: Invoice });
 * const run = await reader.run('Read this receipt: ...');
 * run.output?.total; // an Invoice, validated as tool arguments are
 */
export class Agent<TOutput = unknown> {
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
  /** @internal The agent's configuration as its runs read it (one place, fixed here). */
  readonly settings: AgentSettings;

  /**
   * @param options - the model, registry, instructions, features, limits, retry policy and output type
   * @throws InvalidAgentOptionsError for an impossible limit or retry setting, or an `outputType` that cannot be described
   * @throws ProviderSchemaError when the model's `prepareTools` or `prepareOutput` refuses the tools or the output's schema
   */
  constructor(options: AgentOptions<TOutput>) {
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
      modelSettings,
      providerOptions,
      inputGuardrails,
      outputGuardrails,
      contextProviders,
      artifacts,
      memoryService,
      memory,
      resultBudget,
      approvals,
      subAgents,
      description,
      outputKey,
      repairToolCall,
      repairJson,
      outputType,
      outputRetries,
      ...environment
    } = options;
    const limits = {
      maxIterations: maxIterations ?? defaultAgentLimits.maxIterations,
      maxToolCalls: maxToolCalls ?? defaultAgentLimits.maxToolCalls,
      maxDurationMs: maxDurationMs ?? defaultAgentLimits.maxDurationMs,
    };
    const retryOptions = resolveRetryOptions(retry);
    validateAgentOptions(limits, retryOptions);
    const approvalPolicy = readApprovalPolicy(approvals);
    const repair = readRepairOptions(repairToolCall, repairJson);
    this.name = name ?? 'agent';
    if (description !== undefined) this.description = description;
    this.subAgents = checkSubAgents(this.name, subAgents, (value): value is Agent => value instanceof Agent) as readonly Agent[];
    for (const sub of this.subAgents) sub.parentAgent = this;
    this.outputKey = checkOutputKey(outputKey);
    this.model = model;
    const output = readAgentOutput(
      { outputType, outputRetries, argumentLimits: environment.argumentLimits, schemas: environment.schemas },
      this.name,
    );
    const extras = new RunExtras(this.name, { artifacts, memoryService, memory, resultBudget });
    const toolSources = extras.withBuiltInTools(
      (builtIn) =>
        new AgentTools(
          { registry, tools: builtIn === undefined ? tools : [...(tools ?? []), builtIn], toolFilter },
          environment,
          model.prepareTools === undefined ? undefined : (definitions) => model.prepareTools?.(definitions),
        ),
    );
    this.registry = toolSources.registry;
    this.environment = toolSources.environment;
    this.toolDefinitions = toolSources.definitions;
    this.settings = {
      model,
      ...(instructions === undefined ? {} : { instructions }),
      limits,
      retry: retryOptions,
      ...(toolChoice === undefined ? {} : { toolChoice }),
      ...definedAs('modelSettings', readModelSettings(undefined, modelSettings)),
      ...definedAs('providerOptions', readProviderOptions(undefined, providerOptions)),
      ...definedAs('inputGuardrails', readGuardrails('inputGuardrails', inputGuardrails)),
      ...definedAs('outputGuardrails', readGuardrails('outputGuardrails', outputGuardrails)),
      ...definedAs('contextProviders', readContextProviders(contextProviders)),
      resetToolChoice: resetToolChoice ?? true,
      extras,
      approvals: approvalPolicy,
      tools: toolSources,
      ...(this.outputKey === undefined ? {} : { outputKey: this.outputKey }),
      pipeline: toolSources.environment.pipeline,
      ...(repair === undefined ? {} : { repair }),
      ...(output === undefined ? {} : { output }),
    };
    if (output !== undefined) prepareOutput(output.format, model, this.subAgents);
  }

  /**
   * Runs the agent on one user message.
   * @param input - the user's message
   * @param options - metadata, signal, initial state, history, tool choice and checkpoints of this run
   * @returns the final text (and `output`, with an `outputType`), stop reason, transcript, tool calls, usage, state changes, and the run's
   *   `state` (with `interruptions` when it stopped `'interrupted'`, and `pending` long-running calls)
   * @throws ModelCallError once retries of a retryable model failure are exhausted (with `attempts`)
   * @throws ModelCallError (`retryable: false`) when the model's reply is not a chat response, saying what was wrong
   * @throws the model's error as it is when it is not retryable
   * @throws InvalidRunOptionsError for an impossible run option
   * @throws with `session`: CorruptSessionError / UnsupportedSessionFormatError before any model call; SessionSaveError (with `result`) when the run could not be saved
   * @throws with `checkpoints`: CheckpointSaveError when a checkpoint could not be saved (before a batch: none of its calls ran); CheckpointConflictError when another process moved the run on
   */
  run(input: string, options: RunOptions = noRunOptions): Promise<RunResult<TOutput>> {
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
  stream(input: string, options?: RunOptions): AgentStream<TOutput>;
  /**
   * Resumes a stopped run and streams what happens (as `agent.resume` does, streamed).
   * @param state - `run.state`, or `RunState.fromJSON(...)` of a saved one
   * @param options - as for `resume`
   * @returns the stream of the resumed run's events, with its `result`
   */
  stream(state: RunState, options?: ResumeOptions): AgentStream<TOutput>;
  stream(input: string | RunState, options: RunOptions = {}): AgentStream<TOutput> {
    const start: RunStart = typeof input === 'string' ? { input } : { state: input };
    // The caller's signal stays the run's (its deadline listens to it), as for `run`: the stream only adds its reader's cancellation.
    return new AgentStream<TOutput>((channel, cancellation) => {
      if ('state' in start) {
        const refused = this.refusal(start.state);
        if (refused !== undefined) return Promise.reject(refused);
      }
      return this.execute(start, options, channel, cancellation);
    });
  }

  /**
   * Continues a run that stopped: answers its interruptions as the state's decisions say (approved
   * calls run, rejected ones are told so, resolved ones get the host's result, calls with a provided
   * credential run again), delivers updates of long-running calls, and goes on. A call whose result
   * the state recorded never runs again. Undecided interruptions come back at once, without a model
   * call; a state with nothing left to do returns its result as it stands. The state is moved on in
   * place (`run.state` is the same object).
   * @param state - `run.state`, or `RunState.fromJSON(...)` of a saved one
   * @param options - metadata, signal, tools, checkpoints, and the run's session (to give it the resumed results)
   * @returns the run's result, counting everything since it started
   * @throws InvalidRunStateError when the state is not a RunState, belongs to another agent, or is behind the run's checkpoint
   * @throws CheckpointConflictError when another process moved the run on meanwhile (nothing ran)
   * @throws InvalidRunOptionsError when the run was started with a session and `options.session` is
   *   absent or another one (the state records the session; nothing ran)
   */
  resume(state: RunState, options: ResumeOptions = {}): Promise<RunResult<TOutput>> {
    const refused = this.refusal(state);
    return refused === undefined ? this.execute({ state }, options) : Promise.reject(refused);
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
   * @throws InvalidRunOptionsError without a checkpoint store; InvalidRunStateError when the store has no checkpoint of the run, or it cannot be read
   */
  async recover(runId: string, options: ResumeOptions & { checkpoints: CheckpointStore }): Promise<RunResult<TOutput>> {
    const store = options?.checkpoints;
    if (typeof store?.load !== 'function')
      throw new InvalidRunOptionsError('recover({ checkpoints })', store, 'a CheckpointStore (the one the run was started with)');
    const saved = await loadCheckpoint(store, runId, options.signal);
    if (saved === undefined) throw new InvalidRunStateError(`the checkpoint store has no checkpoint of run '${runId}'.`);
    const state = RunState.fromJSON(saved.checkpoint);
    state.record.checkpointVersion = saved.version;
    return this.resume(state, options);
  }

  /**
   * Closes every toolset of the agent's `tools` and of its sub-agents, once (a later call returns the
   * same result); the agent cannot run afterwards. Toolsets close all at once, each within `timeoutMs` (default 10 s);
   * one that fails does not keep the others from closing.
   * @param options - `timeoutMs` of each toolset's `close()`
   * @throws ToolsetCloseError listing every toolset that failed to close
   */
  close(options: { timeoutMs?: number } = {}): Promise<void> {
    const own = this.settings.tools.close(options.timeoutMs ?? 10_000);
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

  private execute(
    start: RunStart,
    options: RunOptions,
    channel?: EventChannel<AgentEvent>,
    stream?: StreamCancel,
  ): Promise<RunResult<TOutput>> {
    // The run's output is decoded by this agent's outputType, so it is a TOutput.
    return startRun(this, start, options, channel, stream) as Promise<RunResult<TOutput>>;
  }
}

/** The options of a run given none: one shared, frozen object (a run never writes to its options). */
const noRunOptions: RunOptions = Object.freeze({});

function definedAs<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}
