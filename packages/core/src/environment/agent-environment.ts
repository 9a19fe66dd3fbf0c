import { defaultArgumentLimits, type ArgumentLimits } from '../decoding/argument-limits.js';
import { type ArgumentViolation, describeViolations, ToolArgumentsError } from '../errors/tool-arguments-error.js';
import { ToolCancelledError } from '../errors/tool-cancelled-error.js';
import { ToolExecutionError } from '../errors/tool-execution-error.js';
import { withoutStack } from '../errors/without-stack.js';
import { FrameworkKeys } from '../metadata/framework-keys.js';
import { ToolCallMetadata, type MetadataEntries } from '../metadata/tool-call-metadata.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import { defaultFormat } from '../results/default-format.js';
import { FormatterRegistry } from '../results/formatter-registry.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { invokeTool } from '../tools/invoke-tool.js';
import type { AgentEnvironmentOptions, ToolExecutionOptions } from './agent-environment-options.js';
import { generateCallId } from './call-ids.js';
import { describeToolError, type ErrorDetail } from './error-detail.js';
import type { ToolCallContext } from './feature.js';
import { runGuarded } from './run-guarded.js';
import type { ReceivedToolResult, ToolCall } from './tool-call.js';
import { ToolPipeline } from './tool-pipeline.js';
import { truncateContent } from './truncate-content.js';

const neverAborted = new AbortController().signal;
const noOptions: ToolExecutionOptions = {};

type CallInfo = { id: string; name: string; arguments: unknown };

/**
 * Dispatches tool calls to a registry's tools (Koog's `AgentEnvironment`): decodes and validates
 * arguments, merges per-call metadata (features, then the caller, then the framework's context),
 * runs the tool with its time limit and cancellation, and formats the result for the model.
 * `executeTool` and `executeTools` never throw for a bad call: every call gets exactly one result.
 */
export class AgentEnvironment {
  /** The tools dispatched to. */
  readonly registry: ToolRegistry;
  /** Result formatters by result class: `env.formatters.register(ResultClass, fn)`. */
  readonly formatters: FormatterRegistry;
  /** The features' providers and interceptors. */
  readonly pipeline = new ToolPipeline();
  private readonly limits: ArgumentLimits;
  private readonly maxConcurrency: number;
  private readonly toolTimeoutMs?: number;
  private readonly errorDetail: ErrorDetail;
  private readonly signal?: AbortSignal;
  private readonly maxResultChars?: number;

  /** @param options - the registry, features and dispatch options */
  constructor(options: AgentEnvironmentOptions) {
    this.registry = options.registry;
    this.formatters = options.formatters ?? new FormatterRegistry();
    this.limits = { ...defaultArgumentLimits, ...options.argumentLimits };
    this.maxConcurrency = options.maxConcurrency ?? Number.POSITIVE_INFINITY;
    this.toolTimeoutMs = options.toolTimeoutMs;
    this.errorDetail = options.errorDetail ?? 'message';
    this.signal = options.signal;
    this.maxResultChars = options.maxResultChars;
    if (options.onFeatureError) this.pipeline.onFeatureError(options.onFeatureError);
    for (const feature of options.features ?? []) feature.install(this.pipeline);
  }

  /**
   * Executes one call. Never throws for a bad call: errors come back with `isError: true`.
   * @param call - the tool name, arguments and id
   * @param metadata - the caller's metadata (wins over features'), as `ToolCallMetadata` or a plain object
   * @param options - the run's context, id and signal (used by the agent loop)
   * @returns the result
   */
  executeTool(
    call: ToolCall,
    metadata?: ToolCallMetadata | MetadataEntries,
    options: ToolExecutionOptions = noOptions,
  ): Promise<ReceivedToolResult> {
    return this.execute(call, ToolCallMetadata.of(metadata), options);
  }

  /**
   * Executes a batch of calls, up to `maxConcurrency` at once. Every call gets exactly one result,
   * in the order of the calls.
   * @param calls - the calls
   * @param metadata - the caller's metadata for every call
   * @param options - the run's context, id and signal
   * @returns the results, in call order
   */
  async executeTools(
    calls: readonly ToolCall[],
    metadata?: ToolCallMetadata | MetadataEntries,
    options: ToolExecutionOptions = noOptions,
  ): Promise<ReceivedToolResult[]> {
    const callerMetadata = ToolCallMetadata.of(metadata);
    if (this.maxConcurrency >= calls.length) return Promise.all(calls.map((call) => this.execute(call, callerMetadata, options)));
    const results = new Array<ReceivedToolResult>(calls.length);
    let next = 0;
    const worker = async () => {
      while (next < calls.length) {
        const index = next++;
        results[index] = await this.execute(calls[index], callerMetadata, options);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.maxConcurrency) }, worker));
    return results;
  }

  /** Decodes synchronously and goes async only to run the tool: bad calls cost no extra promise layers. */
  private execute(call: ToolCall, callerMetadata: ToolCallMetadata, options: ToolExecutionOptions): Promise<ReceivedToolResult> {
    const info: CallInfo = { id: call.id || generateCallId(), name: call.name, arguments: call.arguments };
    let tool: AnyTool | undefined;
    try {
      tool = this.registry.findTool(call.name);
      if (tool === undefined)
        return this.fail(
          info,
          undefined,
          withoutStack(() => this.registry.notFound(String(call.name))),
        );
      const outcome = tool.argsDecoder.decode(info.arguments, this.limits);
      if (!outcome.ok) return this.invalid(info, tool, outcome.violations);
      info.arguments = outcome.value;
      return this.run(tool, info, outcome.value, callerMetadata, options);
    } catch (error) {
      return this.failSafely(info, tool, error);
    }
  }

  /**
   * Answers arguments that failed to decode. The model's text is written from the violations;
   * the `ToolArgumentsError` for the host is built when first read (or at once for interceptors).
   */
  private invalid(info: CallInfo, tool: AnyTool, violations: ArgumentViolation[]): Promise<ReceivedToolResult> {
    const pipeline = this.pipeline;
    if (pipeline.validationFailed.length + pipeline.failed.length > 0) {
      const error = withoutStack(() => new ToolArgumentsError(tool.name, violations));
      return pipeline
        .run('validationFailed', pipeline.validationFailed, info.id, { call: info, tool, error })
        .then(() => this.fail(info, tool, error));
    }
    const content = truncateContent(
      `Error: ${describeViolations(tool.name, violations)}\nFix the arguments and call '${tool.name}' again.`,
      this.maxResultChars,
    );
    let error: ToolArgumentsError | undefined;
    return Promise.resolve<ReceivedToolResult>({
      id: info.id,
      name: info.name,
      content,
      isError: true,
      get error() {
        return (error ??= withoutStack(() => new ToolArgumentsError(tool.name, violations)));
      },
    });
  }

  private async run(
    tool: AnyTool,
    info: CallInfo,
    args: unknown,
    callerMetadata: ToolCallMetadata,
    options: ToolExecutionOptions,
  ): Promise<ReceivedToolResult> {
    try {
      const cancel = cancelSignal(options.signal, this.signal);
      if (cancel?.aborted) return this.fail(info, tool, new ToolCancelledError(tool.name, cancel.reason));
      const timeoutMs = tool.timeoutMs ?? this.toolTimeoutMs;
      const guarded = timeoutMs !== undefined || cancel !== undefined;
      const controller = guarded ? new AbortController() : undefined;
      const pipeline = this.pipeline;
      let metadata = ToolCallMetadata.empty;
      let context: ToolCallContext | undefined;
      if (pipeline.metadataProviders.length > 0 || tool.needs !== 'nothing' || pipeline.hasInterceptors) {
        context = {
          call: info,
          tool,
          ...(options.runId !== undefined ? { runId: options.runId } : {}),
          ...(options.agentContext ? { agentContext: options.agentContext } : {}),
        };
        metadata = this.featureMetadata(context).merge(callerMetadata);
        if (tool.needs !== 'nothing') metadata = metadata.merge(frameworkEntries(info.id, controller?.signal ?? neverAborted, options));
        if (pipeline.starting.length > 0) await pipeline.run('starting', pipeline.starting, info.id, { ...context, metadata });
      }
      let value: unknown;
      try {
        value = guarded
          ? await runGuarded<unknown>(() => tool[invokeTool](args, metadata) as unknown, tool.name, controller!, timeoutMs, cancel)
          : ((await tool[invokeTool](args, metadata)) as unknown);
      } catch (error) {
        return this.fail(info, tool, error);
      }
      let content: string;
      try {
        content = truncateContent(this.format(tool, value), this.maxResultChars);
      } catch (error) {
        return this.fail(
          info,
          tool,
          new ToolExecutionError(
            tool.name,
            `The result of tool '${tool.name}' could not be formatted: ${(error as Error)?.message ?? String(error)}`,
            error,
          ),
        );
      }
      const result: ReceivedToolResult = { id: info.id, name: info.name, content, isError: false, value };
      if (context !== undefined && pipeline.completed.length > 0)
        await pipeline.run('completed', pipeline.completed, info.id, { ...context, result });
      return result;
    } catch (error) {
      return this.failSafely(info, tool, error);
    }
  }

  private format(tool: AnyTool, value: unknown): string {
    const own = tool.resultFormatter;
    if (own !== undefined) return own(value, { toolName: tool.name });
    const registered = this.formatters.find(value);
    return registered !== undefined ? registered(value, { toolName: tool.name }) : defaultFormat(value);
  }

  private featureMetadata(context: ToolCallContext): ToolCallMetadata {
    let metadata = ToolCallMetadata.empty;
    for (const { feature, handler } of this.pipeline.metadataProviders) {
      try {
        metadata = metadata.merge(handler(context));
      } catch (error) {
        this.pipeline.report({ feature, stage: 'metadata', callId: context.call.id, error });
      }
    }
    return metadata;
  }

  private fail(info: CallInfo, tool: AnyTool | undefined, error: unknown): Promise<ReceivedToolResult> {
    const content = ToolArgumentsError.isInstance(error)
      ? `Error: ${error.message}\nFix the arguments and call '${error.toolName}' again.`
      : describeToolError(info.name, error, this.errorDetail);
    const result = errorResult(info, error, truncateContent(content, this.maxResultChars));
    if (this.pipeline.failed.length === 0) return Promise.resolve(result);
    return this.pipeline
      .run('failed', this.pipeline.failed, info.id, { call: info, ...(tool ? { tool } : {}), error, result })
      .then(() => result);
  }

  /** The last resort for an unexpected throw: an error result, whatever else fails. */
  private failSafely(info: CallInfo, tool: AnyTool | undefined, error: unknown): Promise<ReceivedToolResult> {
    try {
      return this.fail(info, tool, error).catch(() => errorResult(info, error, describeToolError(info.name, error, this.errorDetail)));
    } catch {
      return Promise.resolve(errorResult(info, error, describeToolError(info.name, error, this.errorDetail)));
    }
  }
}

function errorResult(info: CallInfo, error: unknown, content: string): ReceivedToolResult {
  return { id: info.id, name: info.name, content, isError: true, error };
}

function cancelSignal(first: AbortSignal | undefined, second: AbortSignal | undefined): AbortSignal | undefined {
  if (first === undefined) return second;
  if (second === undefined || first === second) return first;
  return AbortSignal.any([first, second]);
}

function frameworkEntries(id: string, signal: AbortSignal, options: ToolExecutionOptions): ToolCallMetadata {
  const entries: Array<[(typeof FrameworkKeys)[keyof typeof FrameworkKeys], unknown]> = [
    [FrameworkKeys.toolCallId, id],
    [FrameworkKeys.signal, signal],
  ];
  if (options.runId !== undefined) entries.push([FrameworkKeys.runId, options.runId]);
  if (options.agentContext !== undefined) entries.push([FrameworkKeys.agentContext, options.agentContext.forToolCall(id, signal)]);
  return ToolCallMetadata.of(entries);
}
