import { describeThrownValue } from '../errors/describe-thrown-value.js';
import { MissingAgentContextError } from '../errors/missing-agent-context-error.js';
import { withoutStack } from '../errors/without-stack.js';
import { FrameworkKeys } from '../metadata/framework-keys.js';
import { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { invokeTool } from '../tools/invoke-tool.js';
import type { ToolExecutionOptions } from './agent-environment-options.js';
import { abortOf, type Abortable } from './abort-watchers.js';
import { CallGuard } from './bounded-await.js';
import { CallProgress } from './call-progress.js';
import { callMetadata } from './call-metadata.js';
import { callInfo, type UnreadableCall } from './call-info.js';
import type { CallInfo, DispatchSettings } from './dispatch-settings.js';
import { errorResult, failedResult, failedSafely, invalidArgumentsResult } from './error-results.js';
import type { ToolCallCompletedEvent, ToolCallContext } from './feature.js';
import { runCompletedHandlers } from './completed-decisions.js';
import { runStartingHandlers } from './starting-decisions.js';
import { raisedByFramework } from './framework-raised.js';
import { completedResult } from './completed-result.js';
import { runPlainTool } from './plain-call.js';
import { listed, type ToolAnswer } from './tool-answer.js';
import { neverAborted } from './never-aborted.js';
import { runInScope } from './run-in-scope.js';
import type { ReceivedToolResult, ToolCall } from './tool-call.js';
import { withToolRetry } from './tool-retry.js';

/**
 * Executes one call; never rejects. Finding the tool and decoding run synchronously, so a bad call
 * costs no extra promise layers; only running the tool is async. Every await on user code (providers,
 * interceptors, the tool) goes through the call's {@link CallGuard} when the call has a time limit or
 * a signal; without either there is no guard, no timer and no extra promise.
 * @param settings - the environment's settings
 * @param call - the call (anything: a bad one gets an error result)
 * @param callerMetadata - the caller's metadata
 * @param options - the run's context, id and signal
 * @returns the call's one result
 */
export function executeCall(
  settings: DispatchSettings,
  call: ToolCall | UnreadableCall | undefined,
  callerMetadata: ToolCallMetadata,
  options: ToolExecutionOptions,
): Promise<ReceivedToolResult> {
  return dispatchCall(settings, call, callerMetadata, options, false) as Promise<ReceivedToolResult>;
}

/**
 * {@link executeCall} for a batch of one call: its result in a list. A plain tool's wait settles as
 * the list itself (no `.then` layer); the other paths are listed after.
 * @param settings - the environment's settings
 * @param call - the call
 * @param callerMetadata - the caller's metadata
 * @param options - the run's context, id and signal
 * @returns the call's one result, in a list
 */
export function executeCallAsList(
  settings: DispatchSettings,
  call: ToolCall | UnreadableCall | undefined,
  callerMetadata: ToolCallMetadata,
  options: ToolExecutionOptions,
): Promise<ReceivedToolResult[]> {
  return dispatchCall(settings, call, callerMetadata, options, true) as Promise<ReceivedToolResult[]>;
}

/** {@link executeCall}, its result in a list when `list` is true. */
function dispatchCall(
  settings: DispatchSettings,
  call: ToolCall | UnreadableCall | undefined,
  callerMetadata: ToolCallMetadata,
  options: ToolExecutionOptions,
  list: boolean,
): Promise<ToolAnswer> {
  const info = callInfo(call);
  if (options.runId !== undefined) info.runId = options.runId;
  if (info.invalid !== undefined)
    return listed(Promise.resolve(errorResult(info, info.invalid, `Error: ${describeThrownValue(info.invalid)}`)), list);
  let tool: AnyTool | undefined;
  try {
    tool = settings.registry.findTool(info.name);
    if (tool === undefined)
      return listed(
        failedResult(
          settings,
          info,
          undefined,
          raisedByFramework(
            withoutStack(() => settings.registry.notFound(info.name)),
            info,
          ),
          options.signal,
        ),
        list,
      );
    const outcome = tool.argsDecoder.decode(info.arguments, settings.limits);
    if (!outcome.ok) return listed(invalidArgumentsResult(settings, info, tool, outcome.violations, options.signal, outcome.thrown), list);
    info.arguments = outcome.value;
    if (tool.retry !== undefined) {
      const retried = tool;
      return listed(
        withToolRetry(tool, options, () => runTool(settings, retried, info, outcome.value, callerMetadata, options)),
        list,
      );
    }
    const { pipeline } = settings;
    if (
      tool.needs === 'nothing' &&
      pipeline.metadataProviders.length === 0 &&
      !pipeline.hasInterceptors &&
      pipeline.scopes.length === 0 &&
      !CallGuard.needed(tool.timeoutMs ?? settings.toolTimeoutMs, settings.signal, undefined)
    )
      // Only the caller's signal (a run's deadline) to bound it by: a wait, not a guard and an async frame.
      return runPlainTool(settings, tool, info, outcome.value, waitBoundBy(options), list);
    return listed(runTool(settings, tool, info, outcome.value, callerMetadata, options), list);
  } catch (error) {
    return listed(failedSafely(settings, info, tool, error, options.signal), list);
  }
}

/**
 * The signal that must bound the wait for a call nothing else can tell was cancelled (a tool that sees
 * no signal, no features): the caller's, unless the caller stops waiting by itself
 * (`callerAbandonsOnAbort`) and it has not aborted yet.
 */
function waitBoundBy(options: ToolExecutionOptions): Abortable | undefined {
  const signal = abortOf(options);
  return options.callerAbandonsOnAbort === true && signal?.aborted === false ? undefined : signal;
}

async function runTool(
  settings: DispatchSettings,
  tool: AnyTool,
  info: CallInfo,
  args: unknown,
  callerMetadata: ToolCallMetadata,
  options: ToolExecutionOptions,
): Promise<ReceivedToolResult> {
  const timeoutMs = tool.timeoutMs ?? settings.toolTimeoutMs;
  // The run's deadline, when the options' signal is its lazy one: the guard watches it without making the signal.
  const runSignal = abortOf(options);
  const guard = CallGuard.needed(timeoutMs, settings.signal, runSignal)
    ? new CallGuard(info, tool.name, timeoutMs, settings.signal, runSignal)
    : undefined;
  const progress =
    options.onProgress && tool.needs !== 'nothing'
      ? new CallProgress(settings.pipeline, info.id, tool.name, options.onProgress)
      : undefined;
  restartArguments(info, args);
  try {
    if (guard?.stopped) return await failedResult(settings, info, tool, guard.reason, guard);
    const { pipeline } = settings;
    let metadata = ToolCallMetadata.empty;
    let context: ToolCallContext | undefined;
    let value: unknown;
    try {
      if (pipeline.metadataProviders.length > 0 || tool.needs !== 'nothing' || pipeline.hasInterceptors) {
        context = { call: info, tool };
        if (options.runId !== undefined) context.runId = options.runId;
        if (options.agentContext) context.agentContext = options.agentContext;
        const signal = tool.needs === 'nothing' ? undefined : (guard?.signal ?? neverAborted);
        const merged = callMetadata(pipeline, context, callerMetadata, signal, options, guard, progress?.sink);
        metadata = merged instanceof Promise ? await merged : (merged as ToolCallMetadata);
        if (pipeline.starting.length > 0) {
          // Handlers may block the call (a throw) or replace `info.arguments`.
          const starting = runStartingHandlers(settings, tool, info, { ...context, metadata }, guard);
          if (starting !== undefined) await starting;
        }
        if (tool.needs === 'context' && metadata.get(FrameworkKeys.agentContext) === undefined)
          throw raisedByFramework(new MissingAgentContextError(tool.name), info);
      }
      const decoded = info.arguments;
      const invoked: unknown =
        pipeline.scopes.length === 0
          ? tool[invokeTool](decoded, metadata)
          : invokeInScope(pipeline, tool, info, decoded, metadata, options);
      value = guard ? await guard.race(invoked) : await invoked;
    } catch (error) {
      return await failedResult(settings, info, tool, error, guard);
    }
    const completed = completedResult(settings, tool, info, value, guard);
    if (completed instanceof Promise) return await completed;
    if (info.argumentsReplacedBy !== undefined) completed.argumentsReplacedBy = info.argumentsReplacedBy.slice();
    if (context === undefined || pipeline.completed.length + pipeline.ended.length === 0) return completed;
    // A completed interceptor still pending when the call stops is reported and abandoned; the result
    // stands as the handlers before it left it.
    const event: ToolCallCompletedEvent = { call: info, tool, result: completed };
    if (context.runId !== undefined) event.runId = context.runId;
    if (context.agentContext !== undefined) event.agentContext = context.agentContext;
    const completing = runCompletedHandlers(settings, tool, event, guard);
    if (completing !== undefined) await completing.catch(ignore);
    if (pipeline.ended.length > 0) {
      const ending = pipeline.runStage('ended', pipeline.ended, info.id, event, guard);
      if (ending !== undefined) await ending.catch(ignore);
    }
    return event.result;
  } catch (error) {
    // Awaited, so the guard is disposed only once the failed interceptors are done with it.
    return await failedSafely(settings, info, tool, error, guard);
  } finally {
    progress?.close();
    guard?.dispose();
  }
}

/** Each attempt (a retry too) starts from the model's decoded arguments: its starting handlers decide again. */
function restartArguments(info: CallInfo, args: unknown): void {
  info.arguments = args;
  if (info.argumentsReplacedBy !== undefined) info.argumentsReplacedBy = undefined;
}

function ignore(): void {}

/** Invokes the tool inside the features' execution scopes. */
function invokeInScope(
  pipeline: DispatchSettings['pipeline'],
  tool: AnyTool,
  info: CallInfo,
  args: unknown,
  metadata: ToolCallMetadata,
  options: ToolExecutionOptions,
): unknown {
  const scope = {
    kind: 'toolCall',
    callId: info.id,
    toolName: tool.name,
    ...(options.runId === undefined ? {} : { runId: options.runId }),
  } as const;
  return runInScope<unknown>(pipeline, scope, () => tool[invokeTool](args, metadata));
}
