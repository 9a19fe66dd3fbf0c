import { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import { ToolCancelledError } from '../errors/tool-cancelled-error.js';
import { ToolExecutionError } from '../errors/tool-execution-error.js';
import { withoutStack } from '../errors/without-stack.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { invokeTool } from '../tools/invoke-tool.js';
import type { ToolExecutionOptions } from './agent-environment-options.js';
import { callMetadata } from './call-metadata.js';
import { generateCallId } from './call-ids.js';
import type { CallInfo, DispatchSettings } from './dispatch-settings.js';
import { failedResult, failedSafely, invalidArgumentsResult } from './error-results.js';
import type { ToolCallContext } from './feature.js';
import { formatResult } from './format-result.js';
import { runGuarded } from './run-guarded.js';
import type { ReceivedToolResult, ToolCall } from './tool-call.js';
import { truncateContent } from './truncate-content.js';

const neverAborted = new AbortController().signal;

/**
 * Executes one call; never rejects. Finding the tool and decoding run synchronously, so a bad call
 * costs no extra promise layers; only running the tool is async.
 * @param settings - the environment's settings
 * @param call - the call
 * @param callerMetadata - the caller's metadata
 * @param options - the run's context, id and signal
 * @returns the call's one result
 */
export function executeCall(
  settings: DispatchSettings,
  call: ToolCall,
  callerMetadata: ToolCallMetadata,
  options: ToolExecutionOptions,
): Promise<ReceivedToolResult> {
  const info: CallInfo = {
    id: call?.id || generateCallId(),
    name: typeof call?.name === 'string' ? call.name : String(call?.name),
    arguments: call?.arguments,
  };
  let tool: AnyTool | undefined;
  try {
    tool = settings.registry.findTool(info.name);
    if (tool === undefined)
      return failedResult(
        settings,
        info,
        undefined,
        withoutStack(() => settings.registry.notFound(info.name)),
      );
    const outcome = tool.argsDecoder.decode(info.arguments, settings.limits);
    if (!outcome.ok) return invalidArgumentsResult(settings, info, tool, outcome.violations);
    info.arguments = outcome.value;
    return runTool(settings, tool, info, outcome.value, callerMetadata, options);
  } catch (error) {
    return failedSafely(settings, info, tool, error);
  }
}

async function runTool(
  settings: DispatchSettings,
  tool: AnyTool,
  info: CallInfo,
  args: unknown,
  callerMetadata: ToolCallMetadata,
  options: ToolExecutionOptions,
): Promise<ReceivedToolResult> {
  try {
    const cancel = cancelSignal(options.signal, settings.signal);
    if (cancel?.aborted) return await failedResult(settings, info, tool, new ToolCancelledError(tool.name, cancel.reason));
    const timeoutMs = tool.timeoutMs ?? settings.toolTimeoutMs;
    const controller = timeoutMs !== undefined || cancel !== undefined ? new AbortController() : undefined;
    const { pipeline } = settings;
    let metadata = ToolCallMetadata.empty;
    let context: ToolCallContext | undefined;
    if (pipeline.metadataProviders.length > 0 || tool.needs !== 'nothing' || pipeline.hasInterceptors) {
      context = {
        call: info,
        tool,
        ...(options.runId !== undefined ? { runId: options.runId } : {}),
        ...(options.agentContext ? { agentContext: options.agentContext } : {}),
      };
      metadata = callMetadata(
        pipeline,
        context,
        callerMetadata,
        tool.needs === 'nothing' ? undefined : (controller?.signal ?? neverAborted),
        options,
      );
      if (pipeline.starting.length > 0) await pipeline.run('starting', pipeline.starting, info.id, { ...context, metadata });
    }
    let value: unknown;
    try {
      value = controller
        ? await runGuarded<unknown>(() => tool[invokeTool](args, metadata) as unknown, tool.name, controller, timeoutMs, cancel)
        : ((await tool[invokeTool](args, metadata)) as unknown);
    } catch (error) {
      return await failedResult(settings, info, tool, error);
    }
    let content: string;
    try {
      content = truncateContent(formatResult(tool, settings.formatters, value), settings.maxResultChars);
    } catch (error) {
      const message = `The result of tool '${tool.name}' could not be formatted: ${(error as Error)?.message ?? String(error)}`;
      return await failedResult(settings, info, tool, new ToolExecutionError(tool.name, message, error));
    }
    const result: ReceivedToolResult = { id: info.id, name: info.name, content, isError: false, value };
    if (context !== undefined && pipeline.completed.length > 0)
      await pipeline.run('completed', pipeline.completed, info.id, { ...context, result });
    return result;
  } catch (error) {
    return failedSafely(settings, info, tool, error);
  }
}

function cancelSignal(first: AbortSignal | undefined, second: AbortSignal | undefined): AbortSignal | undefined {
  if (first === undefined) return second;
  if (second === undefined || first === second) return first;
  return AbortSignal.any([first, second]);
}
