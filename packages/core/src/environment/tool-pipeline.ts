import type {
  Feature,
  FeatureErrorReport,
  MetadataProvider,
  ToolCallCompletedHandler,
  ToolCallFailedHandler,
  ToolCallStartingHandler,
  ToolValidationFailedHandler,
} from './feature.js';

/** A handler with the feature that registered it. */
export interface Registered<THandler> {
  feature: string;
  handler: THandler;
}

/**
 * Where features register their metadata providers and interceptors, in installation order.
 * Handlers that throw are reported through `onFeatureError` and never change a call's result.
 */
export class ToolPipeline {
  /** @internal */ readonly metadataProviders: Registered<MetadataProvider>[] = [];
  /** @internal */ readonly starting: Registered<ToolCallStartingHandler>[] = [];
  /** @internal */ readonly validationFailed: Registered<ToolValidationFailedHandler>[] = [];
  /** @internal */ readonly completed: Registered<ToolCallCompletedHandler>[] = [];
  /** @internal */ readonly failed: Registered<ToolCallFailedHandler>[] = [];
  private readonly errorHandlers: Array<(report: FeatureErrorReport) => void> = [];

  /**
   * Adds a provider of metadata for every call; later features win over earlier ones.
   * @param feature - the feature registering it
   * @param provider - returns entries for a call
   */
  provideToolCallMetadata(feature: Feature, provider: MetadataProvider): void {
    this.metadataProviders.push({ feature: feature.name, handler: provider });
  }

  /** Adds a handler run before each tool runs. */
  onToolCallStarting(feature: Feature, handler: ToolCallStartingHandler): void {
    this.starting.push({ feature: feature.name, handler });
  }

  /** Adds a handler run when a call's arguments fail validation. */
  onToolValidationFailed(feature: Feature, handler: ToolValidationFailedHandler): void {
    this.validationFailed.push({ feature: feature.name, handler });
  }

  /** Adds a handler run after each successful call. */
  onToolCallCompleted(feature: Feature, handler: ToolCallCompletedHandler): void {
    this.completed.push({ feature: feature.name, handler });
  }

  /** Adds a handler run after each failed call. */
  onToolCallFailed(feature: Feature, handler: ToolCallFailedHandler): void {
    this.failed.push({ feature: feature.name, handler });
  }

  /** Adds a listener for providers and interceptors that throw. */
  onFeatureError(handler: (report: FeatureErrorReport) => void): void {
    this.errorHandlers.push(handler);
  }

  /** Whether any interceptor is registered (the fast path skips them all otherwise). */
  get hasInterceptors(): boolean {
    return this.starting.length + this.validationFailed.length + this.completed.length + this.failed.length > 0;
  }

  /**
   * Reports a handler that threw; with no listener, emits a process warning.
   * @param report - which feature, stage and call, and the error
   */
  report(report: FeatureErrorReport): void {
    if (this.errorHandlers.length === 0) {
      process.emitWarning(
        `toolcraft feature '${report.feature}' threw in its ${report.stage} handler for call ${report.callId}: ${String(report.error)}`,
      );
      return;
    }
    for (const handler of this.errorHandlers) {
      try {
        handler(report);
      } catch {
        // A failing error listener must not fail the call either.
      }
    }
  }

  /**
   * Runs the handlers of one stage in order, reporting any that throw.
   * @param stage - the stage, for reports
   * @param handlers - the handlers
   * @param callId - the call, for reports
   * @param event - what the handlers receive
   */
  async run<TEvent>(
    stage: FeatureErrorReport['stage'],
    handlers: Registered<(event: TEvent) => void | Promise<void>>[],
    callId: string,
    event: TEvent,
  ): Promise<void> {
    for (const { feature, handler } of handlers) {
      try {
        await handler(event);
      } catch (error) {
        this.report({ feature, stage, callId, error });
      }
    }
  }
}
