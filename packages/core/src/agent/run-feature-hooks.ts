import type { Registered, ToolPipeline } from '../environment/tool-pipeline.js';
import type { FeatureErrorReport } from '../environment/feature.js';
import type { ChatRequest, ChatResponse, Usage } from '../model/chat-model.js';
import type { StopReason } from '../model/stop-reason.js';
import type { RunHookContext } from '../environment/run-hooks.js';
import { RunGuard } from './run-guard.js';

/**
 * Calls the features' agent-level hooks of one run (`onRunStarting` ... `onRunCompleted`) in
 * installation order, each awaited within the run's signal. A hook that throws, rejects or is still
 * pending when the run stops is reported through `onFeatureError` and never changes the run's outcome:
 * these methods never reject. With no hook of a stage registered, a stage costs nothing.
 * @internal
 */
export class RunFeatureHooks {
  private readonly guard: RunGuard;

  /**
   * @param pipeline - the agent's pipeline
   * @param run - the run's id, agent name, context and model
   * @param signal - the run's signal
   */
  constructor(
    private readonly pipeline: ToolPipeline,
    private readonly run: RunHookContext,
    signal: AbortSignal,
  ) {
    this.guard = new RunGuard(signal);
  }

  /** @param input - the user's message */
  runStarting(input: string): Promise<void> {
    return this.call('runStarting', this.pipeline.runStarting, () => ({ ...this.run, input }));
  }

  /**
   * @param request - the request about to be sent
   * @param iteration - which model call of the run, from 0
   */
  modelCallStarting(request: ChatRequest, iteration: number): Promise<void> {
    return this.call('modelCallStarting', this.pipeline.modelCallStarting, () => ({ ...this.run, request, iteration }));
  }

  /**
   * @param request - the request sent
   * @param iteration - which model call
   * @param response - the model's answer
   */
  modelCallCompleted(request: ChatRequest, iteration: number, response: ChatResponse): Promise<void> {
    return this.call('modelCallCompleted', this.pipeline.modelCallCompleted, () => ({
      ...this.run,
      request,
      iteration,
      response,
      ...(response.usage === undefined ? {} : { usage: response.usage }),
      ...(response.finishReason === undefined ? {} : { finishReason: response.finishReason }),
    }));
  }

  /**
   * @param request - the request sent
   * @param iteration - which model call
   * @param error - what it failed with
   */
  modelCallFailed(request: ChatRequest, iteration: number, error: unknown): Promise<void> {
    return this.call('modelCallFailed', this.pipeline.modelCallFailed, () => ({ ...this.run, request, iteration, error }));
  }

  /** @param outcome - the stop reason (or the error), the usage and the duration */
  runCompleted(outcome: { stopReason?: StopReason; error?: unknown; usage: Usage; durationMs: number }): Promise<void> {
    return this.call('runCompleted', this.pipeline.runCompleted, () => ({ ...this.run, ...outcome }));
  }

  private async call<TEvent>(
    stage: FeatureErrorReport['stage'],
    handlers: Registered<(event: TEvent) => void | Promise<void>>[],
    event: () => TEvent,
  ): Promise<void> {
    if (handlers.length === 0) return;
    // pipeline.run reports every failure itself; it throws only the run's stop, which the loop sees on its own.
    await this.pipeline.run(stage, handlers, '', event(), this.guard, this.run.runId).catch(() => undefined);
  }
}
