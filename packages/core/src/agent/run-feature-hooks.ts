import type { Abortable } from '../environment/abort-watchers.js';
import type { Registered, ToolPipeline } from '../environment/tool-pipeline.js';
import type { FeatureErrorReport } from '../environment/feature.js';
import type { AgentContext } from '../context/agent-context.js';
import type { ChatModel, ChatRequest, ChatResponse, Usage } from '../model/chat-model.js';
import type { StopReason } from '../model/stop-reason.js';
import type { ModelCallCompletedEvent, RunCompletedEvent } from '../environment/run-hooks.js';
import { RunGuard } from './run-guard.js';

/**
 * Calls the features' agent-level hooks of one run (`onRunStarting` ... `onRunCompleted`, `onHandoff`)
 * in installation order, each awaited within the run's signal. A hook that throws, rejects or is still
 * pending when the run stops is reported through `onFeatureError` and never changes the run's outcome:
 * these methods never reject. A stage with no hook registered costs nothing, and a stage whose hooks
 * all return synchronously costs no promise: the methods return undefined then (`await` it as it is).
 * Events name the agent answering (and its model), which changes at a handoff.
 * @internal
 */
export class RunFeatureHooks {
  /** Made when a hook is first called (most runs call none). */
  private guard: RunGuard | undefined;
  private readonly runId: string;
  private readonly agentContext: AgentContext;
  private agentName: string;
  private model: ChatModel;

  /**
   * @param pipeline - the agent's pipeline
   * @param runId - the run's id
   * @param agentName - the run's agent
   * @param agentContext - the run's context
   * @param model - the agent's model
   * @param signal - the run's signal (or its deadline, whose signal the hooks' waits do not make)
   */
  constructor(
    private readonly pipeline: ToolPipeline,
    runId: string,
    agentName: string,
    agentContext: AgentContext,
    model: ChatModel,
    private readonly signal: Abortable,
  ) {
    this.runId = runId;
    this.agentName = agentName;
    this.agentContext = agentContext;
    this.model = model;
  }

  /**
   * Names the agent answering from now on in the events (a handoff, or a resumed run's active agent).
   * @param agentName - the agent's name
   * @param model - its model
   */
  useAgent(agentName: string, model: ChatModel): void {
    this.agentName = agentName;
    this.model = model;
  }

  /** Whether a feature has a model-call hook (`onModelCallStarting`, `onModelCallCompleted` or `onModelCallFailed`). */
  get observesModelCalls(): boolean {
    const { pipeline } = this;
    return pipeline.modelCallStarting.length + pipeline.modelCallCompleted.length + pipeline.modelCallFailed.length > 0;
  }

  /** Whether a feature has a run hook (`onRunStarting` or `onRunCompleted`). */
  get observesRuns(): boolean {
    const { pipeline } = this;
    return pipeline.runStarting.length + pipeline.runCompleted.length > 0;
  }

  /** @param input - the user's message */
  runStarting(input: string): Promise<undefined> | undefined {
    const handlers = this.pipeline.runStarting;
    if (handlers.length === 0) return undefined;
    const { runId, agentName, agentContext, model } = this;
    return this.call('runStarting', handlers, { runId, agentName, agentContext, model, input });
  }

  /**
   * @param request - the request about to be sent
   * @param iteration - which model call of the run, from 0
   */
  modelCallStarting(request: ChatRequest, iteration: number): Promise<undefined> | undefined {
    const handlers = this.pipeline.modelCallStarting;
    if (handlers.length === 0) return undefined;
    const { runId, agentName, agentContext, model } = this;
    return this.call('modelCallStarting', handlers, { runId, agentName, agentContext, model, request, iteration });
  }

  /**
   * @param request - the request sent
   * @param iteration - which model call
   * @param response - the model's answer
   */
  modelCallCompleted(request: ChatRequest, iteration: number, response: ChatResponse): Promise<undefined> | undefined {
    const handlers = this.pipeline.modelCallCompleted;
    if (handlers.length === 0) return undefined;
    const { runId, agentName, agentContext, model } = this;
    const event: ModelCallCompletedEvent = { runId, agentName, agentContext, model, request, iteration, response };
    if (response.usage !== undefined) event.usage = response.usage;
    if (response.finishReason !== undefined) event.finishReason = response.finishReason;
    return this.call('modelCallCompleted', handlers, event);
  }

  /**
   * @param request - the request sent
   * @param iteration - which model call
   * @param error - what it failed with
   */
  modelCallFailed(request: ChatRequest, iteration: number, error: unknown): Promise<undefined> | undefined {
    const handlers = this.pipeline.modelCallFailed;
    if (handlers.length === 0) return undefined;
    const { runId, agentName, agentContext, model } = this;
    return this.call('modelCallFailed', handlers, { runId, agentName, agentContext, model, request, iteration, error });
  }

  /**
   * Tells of a handoff, once the agent taking over is the one answering ({@link RunFeatureHooks.useAgent}).
   * @param handoff - which agent handed over to which, and how
   */
  handoff(handoff: { from: string; to: string; kind: 'transfer' | 'escalate' }): Promise<undefined> | undefined {
    const handlers = this.pipeline.handoff;
    if (handlers.length === 0) return undefined;
    const { runId, agentName, agentContext, model } = this;
    const { from, to, kind } = handoff;
    return this.call('handoff', handlers, { runId, agentName, agentContext, model, from, to, kind });
  }

  /** @param outcome - the stop reason (or the error), the usage and the duration */
  runCompleted(outcome: { stopReason?: StopReason; error?: unknown; usage: Usage; durationMs: number }): Promise<undefined> | undefined {
    const handlers = this.pipeline.runCompleted;
    if (handlers.length === 0) return undefined;
    const { runId, agentName, agentContext, model } = this;
    const event: RunCompletedEvent = { runId, agentName, agentContext, model, usage: outcome.usage, durationMs: outcome.durationMs };
    if (outcome.stopReason !== undefined) event.stopReason = outcome.stopReason;
    if ('error' in outcome) event.error = outcome.error;
    return this.call('runCompleted', handlers, event);
  }

  private call<TEvent>(
    stage: FeatureErrorReport['stage'],
    handlers: readonly Registered<(event: TEvent) => void | Promise<void>>[],
    event: TEvent,
  ): Promise<undefined> | undefined {
    // runStage reports every failure itself; it rejects only with the run's stop, which the loop sees on its own.
    return this.pipeline
      .runStage(stage, handlers, '', event, (this.guard ??= new RunGuard(this.signal)), this.runId)
      ?.then(nothing, nothing);
  }
}

function nothing(): undefined {
  return undefined;
}
