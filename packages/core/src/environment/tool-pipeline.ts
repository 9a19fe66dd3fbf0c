import { describeThrownValue } from '../errors/describe-thrown-value.js';
import type { HandlerGuard } from './bounded-await.js';
import type {
  Feature,
  FeatureErrorListener,
  FeatureErrorReport,
  MetadataProvider,
  ToolCallCompletedHandler,
  ToolCallEndedHandler,
  ToolCallFailedHandler,
  ToolCallStartingHandler,
  ToolValidationFailedHandler,
} from './feature.js';
import type {
  HandoffHandler,
  ModelCallCompletedHandler,
  ModelCallFailedHandler,
  ModelCallStartingHandler,
  RunCompletedHandler,
  RunStartingHandler,
  ScopeWrapper,
} from './run-hooks.js';

/** A handler with the feature that registered it. */
export interface Registered<THandler> {
  feature: string;
  handler: THandler;
}

/**
 * Where features register their metadata providers and interceptors, in installation order.
 * Handlers may be async: each is awaited within the call's time limit and signals. Handlers that
 * throw, reject or hang are reported through `onFeatureError` and never lose the call's one result.
 */
export class ToolPipeline {
  /** @internal */ readonly metadataProviders: Registered<MetadataProvider>[] = [];
  /** @internal */ readonly starting: Registered<ToolCallStartingHandler>[] = [];
  /** @internal */ readonly validationFailed: Registered<ToolValidationFailedHandler>[] = [];
  /** @internal */ readonly completed: Registered<ToolCallCompletedHandler>[] = [];
  /** @internal */ readonly failed: Registered<ToolCallFailedHandler>[] = [];
  /** @internal */ readonly ended: Registered<ToolCallEndedHandler>[] = [];
  /** @internal */ readonly runStarting: Registered<RunStartingHandler>[] = [];
  /** @internal */ readonly modelCallStarting: Registered<ModelCallStartingHandler>[] = [];
  /** @internal */ readonly modelCallCompleted: Registered<ModelCallCompletedHandler>[] = [];
  /** @internal */ readonly modelCallFailed: Registered<ModelCallFailedHandler>[] = [];
  /** @internal */ readonly handoff: Registered<HandoffHandler>[] = [];
  /** @internal */ readonly runCompleted: Registered<RunCompletedHandler>[] = [];
  /** @internal */ readonly scopes: Registered<ScopeWrapper>[] = [];
  private readonly errorHandlers: FeatureErrorListener[] = [];

  /**
   * Adds a provider of metadata for every call; later features win over earlier ones.
   * @param feature - the feature registering it
   * @param provider - returns entries for a call
   */
  provideToolCallMetadata(feature: Feature, provider: MetadataProvider): void {
    this.metadataProviders.push({ feature: feature.name, handler: provider });
  }

  /**
   * Adds a handler run before each tool runs (after the metadata providers). It may return nothing, or
   * decide: `{ block: reason }` (the tool does not run; the model is told `reason` as an error result,
   * and `result.error` is a `ToolBlockedError` naming this feature) or `{ arguments }` (the call's
   * arguments replaced, then decoded and validated like any call's; the next handler sees them).
   * Handlers run in installation order; a block ends the chain.
   * @param feature - the feature registering it
   * @param handler - the handler
   * @example
   * pipeline.onToolCallStarting(feature, ({ call }) =>
   *   call.name === 'delete_file' ? { block: 'Deleting files is not allowed here.' } : undefined);
   */
  onToolCallStarting(feature: Feature, handler: ToolCallStartingHandler): void {
    this.starting.push({ feature: feature.name, handler });
  }

  /** Adds a handler run when a call's arguments fail validation. */
  onToolValidationFailed(feature: Feature, handler: ToolValidationFailedHandler): void {
    this.validationFailed.push({ feature: feature.name, handler });
  }

  /**
   * Adds a handler run after each successful call. It may return nothing, or `{ content }`: the text or
   * parts the model is sent instead (the tool's `value` stays on the result for the host). Handlers
   * run in installation order, each seeing the result the previous ones left.
   * @param feature - the feature registering it
   * @param handler - the handler
   * @example
   * pipeline.onToolCallCompleted(feature, ({ result }) => ({ content: result.content.replace(/\d{3}-\d{2}-\d{4}/g, '[redacted]') }));
   */
  onToolCallCompleted(feature: Feature, handler: ToolCallCompletedHandler): void {
    this.completed.push({ feature: feature.name, handler });
  }

  /** Adds a handler run after each failed call. */
  onToolCallFailed(feature: Feature, handler: ToolCallFailedHandler): void {
    this.failed.push({ feature: feature.name, handler });
  }

  /**
   * Adds an observer told each call's final result (what the model is sent), after the call's
   * `onToolCallCompleted` or `onToolCallFailed` handlers and whatever they decided: tracing and audit
   * logs that must see a later feature's replacement register here. What it returns is ignored.
   * @param feature - the feature registering it
   * @param handler - the observer
   */
  onToolCallEnded(feature: Feature, handler: ToolCallEndedHandler): void {
    this.ended.push({ feature: feature.name, handler });
  }

  /** Adds a handler run once when an agent run starts, before its first model call. */
  onRunStarting(feature: Feature, handler: RunStartingHandler): void {
    this.runStarting.push({ feature: feature.name, handler });
  }

  /** Adds a handler run before each model call of an agent run. */
  onModelCallStarting(feature: Feature, handler: ModelCallStartingHandler): void {
    this.modelCallStarting.push({ feature: feature.name, handler });
  }

  /** Adds a handler run after each model call that answered (with its usage and finish reason). */
  onModelCallCompleted(feature: Feature, handler: ModelCallCompletedHandler): void {
    this.modelCallCompleted.push({ feature: feature.name, handler });
  }

  /** Adds a handler run after each model call that failed for good (after its retries) or was cancelled. */
  onModelCallFailed(feature: Feature, handler: ModelCallFailedHandler): void {
    this.modelCallFailed.push({ feature: feature.name, handler });
  }

  /**
   * Adds a handler run when an agent run hands its conversation to another agent of its tree (a
   * transfer or an escalation), before that agent's first model call.
   */
  onHandoff(feature: Feature, handler: HandoffHandler): void {
    this.handoff.push({ feature: feature.name, handler });
  }

  /** Adds a handler run once when an agent run ends (with its stop reason), or rejects (with its error). */
  onRunCompleted(feature: Feature, handler: RunCompletedHandler): void {
    this.runCompleted.push({ feature: feature.name, handler });
  }

  /**
   * Adds a wrapper that runs each agent run, model call and tool call inside a scope of the
   * feature's (an OpenTelemetry context whose span is active), so work done inside (a sub-agent, an
   * instrumented HTTP request) sees it. Wrappers nest in installation order (the first outermost).
   */
  wrapExecution(feature: Feature, wrapper: ScopeWrapper): void {
    this.scopes.push({ feature: feature.name, handler: wrapper });
  }

  /** Adds a listener for providers and interceptors that throw; a listener that throws or rejects is caught. */
  onFeatureError(handler: FeatureErrorListener): void {
    this.errorHandlers.push(handler);
  }

  /**
   * Whether any interceptor is registered (the fast path skips them all otherwise).
   * @internal
   */
  get hasInterceptors(): boolean {
    return this.starting.length + this.validationFailed.length + this.completed.length + this.failed.length + this.ended.length > 0;
  }

  /**
   * Reports a handler that threw, rejected or did not settle in time; with no listener, emits a process
   * warning. Never throws: the error is described with {@link describeThrownValue}, listeners are not
   * awaited, and a listener that throws or rejects is caught (and told in a warning).
   * @internal
   * @param report - which feature, stage and call, and the error
   */
  report(report: FeatureErrorReport): void {
    if (this.errorHandlers.length === 0) {
      warn(`toolcraft feature '${report.feature}' failed in its ${report.stage} handler for call ${report.callId}`, report.error);
      return;
    }
    for (const handler of this.errorHandlers) {
      try {
        const returned = handler(report);
        if (returned !== undefined)
          Promise.resolve(returned).catch((error: unknown) => warn('toolcraft onFeatureError listener rejected', error));
      } catch (error) {
        warn('toolcraft onFeatureError listener threw', error);
      }
    }
  }

  /**
   * Runs the handlers of one stage in order, each awaited through the call's guard; one that throws
   * or rejects is reported and the next runs. When the call stops (time limit or cancellation) while
   * a handler is awaited, that handler is reported as abandoned and the stop error is thrown. When
   * the call has already stopped, the handlers are called but not awaited (their rejections are
   * still reported), so they cannot delay the call's result.
   * @internal
   * @param stage - the stage, for reports
   * @param handlers - the handlers
   * @param callId - the call, for reports
   * @param event - what the handlers receive
   * @param guard - the call's guard, or undefined when the call has no time limit and no signal
   * @param runId - the run, for reports of run-level stages
   * @throws the guard's stop error when the call stops while a handler is awaited
   */
  async run<TEvent>(
    stage: FeatureErrorReport['stage'],
    handlers: Registered<(event: TEvent) => void | Promise<void>>[],
    callId: string,
    event: TEvent,
    guard?: HandlerGuard,
    runId?: string,
  ): Promise<void> {
    await this.runStage(stage, handlers, callId, event, guard, runId);
  }

  /**
   * {@link ToolPipeline.run} without a promise when none is needed: the handlers are called in order
   * and, as long as each returns nothing, nothing is awaited and this returns undefined. From the
   * first handler that returns something (a promise), the rest is awaited as `run` does, and the
   * promise of that is returned.
   * @internal
   * @param stage - the stage, for reports
   * @param handlers - the handlers
   * @param callId - the call, for reports
   * @param event - what the handlers receive
   * @param guard - the call's guard, if any
   * @param runId - the run, for reports of run-level stages
   * @param from - the first handler to call
   * @returns undefined when every handler returned synchronously; else a promise of the rest, which
   *   rejects only with the guard's stop error
   */
  runStage<TEvent>(
    stage: FeatureErrorReport['stage'],
    handlers: readonly Registered<(event: TEvent) => void | Promise<void>>[],
    callId: string,
    event: TEvent,
    guard?: HandlerGuard,
    runId?: string,
    from = 0,
  ): Promise<void> | undefined {
    for (let index = from; index < handlers.length; index++) {
      const { feature, handler } = handlers[index]!;
      let returned: unknown;
      try {
        returned = handler(event);
      } catch (error) {
        this.report({ feature, stage, callId, error, ...(runId === undefined ? {} : { runId }) });
        continue;
      }
      if (returned === undefined) continue;
      if (guard?.stopped) {
        this.settleLater(returned, feature, stage, callId, runId);
        continue;
      }
      return this.settle(returned, feature, stage, callId, guard, runId).then(() =>
        this.runStage(stage, handlers, callId, event, guard, runId, index + 1),
      );
    }
    return undefined;
  }

  /**
   * Awaits what a handler returned through the call's guard; a rejection is reported.
   * @internal
   * @param returned - what the handler returned
   * @param feature - the handler's feature, for reports
   * @param stage - the stage, for reports
   * @param callId - the call, for reports
   * @param guard - the call's guard, if any
   * @param runId - the run, for reports of run-level stages
   * @returns the settled value, or {@link failedHandler} when it rejected
   * @throws the guard's stop error (after reporting the handler) when the call stops first
   */
  async settle(
    returned: unknown,
    feature: string,
    stage: FeatureErrorReport['stage'],
    callId: string,
    guard?: HandlerGuard,
    runId?: string,
  ): Promise<unknown> {
    try {
      return await (guard ? guard.race(returned) : returned);
    } catch (error) {
      this.report({ feature, stage, callId, error, ...(runId === undefined ? {} : { runId }) });
      if (guard?.isStop(error)) throw error;
      return failedHandler;
    }
  }

  /**
   * Lets what a handler returned settle without waiting for it (the call has stopped); a rejection is reported.
   * @internal
   * @param returned - what the handler returned
   * @param feature - the handler's feature, for reports
   * @param stage - the stage, for reports
   * @param callId - the call, for reports
   * @param runId - the run, for reports of run-level stages
   */
  settleLater(returned: unknown, feature: string, stage: FeatureErrorReport['stage'], callId: string, runId?: string): void {
    const report = (error: unknown) => this.report({ feature, stage, callId, error, ...(runId === undefined ? {} : { runId }) });
    try {
      Promise.resolve(returned).catch(report);
    } catch (error) {
      report(error);
    }
  }
}

/** What {@link ToolPipeline.settle} returns for a handler that rejected (and was reported). */
export const failedHandler: unique symbol = Symbol('toolcraft.failedHandler');

function warn(text: string, error: unknown): void {
  try {
    process.emitWarning(`${text}: ${describeThrownValue(error, { detail: 'full' })}`);
  } catch {
    // Nothing is left to tell.
  }
}
