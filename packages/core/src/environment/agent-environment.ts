import { defaultArgumentLimits, type ArgumentLimits } from '../decoding/argument-limits.js';
import type { MetadataEntries, ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { ToolRegistry } from '../registry/tool-registry.js';
import { FormatterRegistry } from '../results/formatter-registry.js';
import type { AgentEnvironmentOptions, ToolExecutionOptions } from './agent-environment-options.js';
import type { DispatchSettings } from './dispatch-settings.js';
import { executeCall, executeCallAsList } from './execute-call.js';
import { asList } from './tool-answer.js';
import { batchErrorResult, callList, readCallerMetadata, unreadableMetadataResult } from './batch-input.js';
import type { ReceivedToolResult, ToolCall } from './tool-call.js';
import { notifyResult } from './notify-result.js';
import { ToolPipeline } from './tool-pipeline.js';
import { refusedCall } from './refused-call.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { validateEnvironmentOptions } from './validate-environment-options.js';
import { bindEnvironmentSchemas, bindRegistrySchemas } from './bind-environment-schemas.js';
import type { SchemaDocuments } from '../decoding/ajv-instance.js';
import { runOrdered, runsAlone } from './ordered-batch.js';

const noOptions: ToolExecutionOptions = {};

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
  private readonly maxConcurrency: number;
  private readonly settings: DispatchSettings;
  /** The `schemas` documents, read once, for the tools of a later registry (`withRegistry`). */
  private readonly documents: SchemaDocuments | undefined;

  /** @internal The time limit of each call (`toolTimeoutMs`), if any; a tool's own `timeoutMs` wins. */
  get toolTimeoutMs(): number | undefined {
    return this.settings.toolTimeoutMs;
  }

  /** @internal The most calls of a batch that run at once (`maxConcurrency`; infinite when unset). */
  get concurrency(): number {
    return this.maxConcurrency;
  }

  /** @internal The limits arguments are decoded with (`argumentLimits` over the defaults): the approval gate decodes with them too. */
  get argumentLimits(): ArgumentLimits {
    return this.settings.limits;
  }

  /**
   * @param options - the registry, features and dispatch options
   * @throws InvalidEnvironmentOptionsError for an impossible numeric option, an unknown `errorDetail` or unusable `schemas`
   * @throws InvalidToolDefinitionError for a tool whose `$ref` names a document that `schemas` does not hold
   */
  constructor(options: AgentEnvironmentOptions) {
    validateEnvironmentOptions(options);
    this.documents = bindEnvironmentSchemas(options.registry, options.schemas);
    this.registry = options.registry;
    this.formatters = options.formatters ?? new FormatterRegistry();
    this.maxConcurrency = options.maxConcurrency ?? Number.POSITIVE_INFINITY;
    this.settings = {
      registry: this.registry,
      formatters: this.formatters,
      pipeline: this.pipeline,
      limits: { ...defaultArgumentLimits, ...options.argumentLimits },
      errorDetail: options.errorDetail ?? 'message',
      ...(options.toolTimeoutMs !== undefined ? { toolTimeoutMs: options.toolTimeoutMs } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.maxResultChars !== undefined ? { maxResultChars: options.maxResultChars } : {}),
    };
    if (options.onFeatureError) this.pipeline.onFeatureError(options.onFeatureError);
    for (const feature of options.features ?? []) feature.install(this.pipeline);
  }

  /**
   * An environment like this one (the same features, pipeline, formatters and settings; nothing is
   * installed again) that dispatches to other tools: the agent's environment of one turn's tools.
   * @param registry - the tools to dispatch to
   * @returns the new environment
   * @internal
   */
  withRegistry(registry: ToolRegistry): AgentEnvironment {
    // A toolset's tools may name the environment's `schemas` documents too.
    bindRegistrySchemas(registry, this.documents);
    const copy = Object.create(AgentEnvironment.prototype) as AgentEnvironment;
    return Object.assign(copy, this, { registry, settings: { ...this.settings, registry } });
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
    const callerMetadata = readCallerMetadata(metadata);
    if (callerMetadata instanceof Error) return Promise.resolve(unreadableMetadataResult(call, callerMetadata));
    const pending = executeCall(this.settings, call, callerMetadata, options ?? noOptions);
    return options?.onResult ? pending.then((result) => notifyResult(this.pipeline, options, result, 0)) : pending;
  }

  /**
   * Answers a call without running its tool (the agent's per-run tool limits): an error result
   * telling `error` as the framework's own, which the `failed` interceptors see and the `onResult`
   * listener is told, as for an unknown tool. Never rejects.
   * @param call - the call
   * @param tool - the tool called, when it is known
   * @param error - why the call is not run
   * @param options - the run's context, id, signal and listeners
   * @param index - the call's position in its batch, for `onResult`
   * @returns the result
   * @internal
   */
  refuseCall(
    call: ToolCall,
    tool: AnyTool | undefined,
    error: Error,
    options: ToolExecutionOptions = noOptions,
    index = 0,
  ): Promise<ReceivedToolResult> {
    return refusedCall(this.settings, call, tool, error, options ?? noOptions, index);
  }

  /**
   * Which calls of a batch run alone (write or destructive tools), or undefined when none does.
   * @param list - the batch
   * @returns a flag per call, or undefined
   */
  private callsRunningAlone(list: readonly unknown[]): boolean[] | undefined {
    let flags: boolean[] | undefined;
    for (let index = 0; index < list.length; index++) {
      const name = nameOf(list[index]);
      if (name === undefined || !runsAlone(this.registry.findTool(name))) continue;
      flags ??= new Array<boolean>(list.length).fill(false);
      flags[index] = true;
    }
    return flags;
  }

  /**
   * Executes a batch of calls in the order their side effects require: consecutive calls of `'read'`
   * (and unknown) tools run concurrently, up to `maxConcurrency` at once; a `'write'` or
   * `'destructive'` call starts only after every earlier call finished, and later calls wait for it. Every call gets exactly one result,
   * in the order of the calls, and the promise never rejects: a hole of a sparse array or a call that
   * is not an object gets an error result at its index. `calls` may be any iterable; something that
   * is not (a developer's mistake) resolves to one error result saying so.
   * @param calls - the calls
   * @param metadata - the caller's metadata for every call
   * @param options - the run's context, id and signal
   * @returns the results, in call order
   */
  executeTools(
    calls: Iterable<ToolCall> | readonly ToolCall[],
    metadata?: ToolCallMetadata | MetadataEntries,
    options: ToolExecutionOptions = noOptions,
  ): Promise<ReceivedToolResult[]> {
    // No async frame: the results' promise is the batch's own (one call: that call's, as a list).
    try {
      return this.executeList(calls, metadata, options);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /** {@link AgentEnvironment.executeTools}, which turns a throw (there should be none) into a rejection. */
  private executeList(
    calls: Iterable<ToolCall> | readonly ToolCall[],
    metadata: ToolCallMetadata | MetadataEntries | undefined,
    options: ToolExecutionOptions,
  ): Promise<ReceivedToolResult[]> {
    const list = callList(calls);
    if (list instanceof Error) return Promise.resolve([batchErrorResult(list)]);
    const callerMetadata = readCallerMetadata(metadata);
    if (callerMetadata instanceof Error) return Promise.resolve(list.map((call) => unreadableMetadataResult(call, callerMetadata)));
    const runOptions = options ?? noOptions;
    const count = list.length;
    const alone = this.callsRunningAlone(list);
    const unordered = alone === undefined && this.maxConcurrency >= count;
    // One call nobody listens to (an agent's usual turn): its result, as a list.
    if (count === 1 && unordered && !runOptions.onResult) return executeCallAsList(this.settings, list[0], callerMetadata, runOptions);
    const execute = runOptions.onResult
      ? (index: number) =>
          executeCall(this.settings, list[index], callerMetadata, runOptions).then((result) =>
            notifyResult(this.pipeline, runOptions, result, index),
          )
      : (index: number) => executeCall(this.settings, list[index], callerMetadata, runOptions);
    if (unordered) {
      if (count === 1) return execute(0).then(asList);
      const pending = new Array<Promise<ReceivedToolResult>>(count);
      for (let index = 0; index < count; index++) pending[index] = execute(index);
      return Promise.all(pending);
    }
    return runOrdered(count, (index) => alone?.[index] === true, this.maxConcurrency, execute);
  }
}

/** The name of a call of a batch, read defensively (a bad call is answered later by `executeCall`). */
function nameOf(call: unknown): string | undefined {
  try {
    const name = (call as { name?: unknown } | null | undefined)?.name;
    return typeof name === 'string' ? name : undefined;
  } catch {
    return undefined;
  }
}
