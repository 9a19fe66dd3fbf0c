import {
  AgentContext,
  AgentEnvironment,
  type AnyTool,
  type ApprovalPredicate,
  OptionsError,
  type ReceivedToolResult,
  ToolRegistry,
  type ToolsItem,
} from '@toolcraft/core';
import { askApprovalPredicate, callTimeLimit, type ApprovalPredicateBounds } from '@toolcraft/core/internal';
import { jsonSchema, tool, type JSONSchema7, type Tool, type ToolExecutionOptions, type ToolSet } from 'ai';
import { ToolcraftToolCallError } from '../errors/toolcraft-tool-call-error.js';
import type { AISDKCallInfo, ToAISDKToolsOptions } from './to-ai-sdk-tools-options.js';
import { toModelOutput, toToolOutput, type ToolcraftToolOutput } from './toolcraft-tool-output.js';

/**
 * Where the tools come from: a registry, an environment (its registry, features and limits), or what
 * `ToolRegistry.of` takes (tools, services with `@Tool` methods, lists of them).
 */
export type ToolcraftToolSource = ToolRegistry | AgentEnvironment | Iterable<ToolsItem>;

/**
 * toolcraft tools as AI SDK tools, for `generateText` and `streamText` (and `ToolLoopAgent`): one
 * `tool({ description, inputSchema: jsonSchema(schema), execute })` per tool, keyed by its name. The
 * schema is exactly the one the tool validates with. Each call runs through an `AgentEnvironment`
 * (the one given, or one made from the options), so the tool keeps its validation, features, time
 * limit, result formatting and error text; the AI SDK's `toolCallId` is the call's id and its
 * `abortSignal` cancels the call. A tool that needs approval has `needsApproval` (a predicate gets the
 * arguments as JSON and is read as toolcraft reads it: a throw, a rejection, any answer but `false`,
 * or no answer within the call's time limit asks for approval); a declaration-only tool has no `execute` (the AI SDK returns its calls to the app).
 * @param source - a `ToolRegistry`, an `AgentEnvironment`, or tools
 * @param options - environment options (when `source` is not an environment), the agent context and the failure mode
 * @returns the tools, to pass as `tools` to `generateText` or `streamText`
 * @throws OptionsError when `source` is not one of these, or environment options come with an environment
 * @throws InvalidToolDefinitionError for an item of a list that is not a tool or a service with `@Tool` methods
 * @example
 * const result = await generateText({ model, tools: toAISDKTools(registry), stopWhen: stepCountIs(5), prompt });
 */
export function toAISDKTools(source: ToolcraftToolSource, options: ToAISDKToolsOptions = {}): ToolSet {
  const { agentContext, errors = 'throw', ...environmentOptions } = options;
  if (errors !== 'throw' && errors !== 'result') throw new OptionsError('toAISDKTools', 'errors', errors, "'throw' or 'result'");
  const environment = environmentOf(source, environmentOptions);
  const contextOf = (call: AISDKCallInfo): AgentContext | undefined =>
    typeof agentContext === 'function'
      ? agentContext(call)
      : (agentContext ?? (call.context instanceof AgentContext ? call.context : undefined));
  const tools: ToolSet = {};
  for (const toolcraftTool of environment.registry.tools) {
    const bounds: ApprovalPredicateBounds = { timeoutMs: callTimeLimit(toolcraftTool, environment), signal: environmentOptions.signal };
    tools[toolcraftTool.name] = convert(toolcraftTool, environment, contextOf, errors, bounds);
  }
  return tools;
}

function convert(
  toolcraftTool: AnyTool,
  environment: AgentEnvironment,
  contextOf: (call: AISDKCallInfo) => AgentContext | undefined,
  errors: 'throw' | 'result',
  bounds: ApprovalPredicateBounds,
): Tool {
  const description = toolcraftTool.descriptor.description;
  const inputSchema = jsonSchema<Record<string, unknown>>(toolcraftTool.inputSchema as JSONSchema7);
  const needsApproval = approval(
    toolcraftTool.needsApproval as boolean | ApprovalPredicate<Record<string, unknown>> | undefined,
    contextOf,
    bounds,
  );
  // The app answers the calls of a declaration-only tool itself (a client-side tool of the AI SDK).
  if (toolcraftTool.declarationOnly) return tool<Record<string, unknown>, never>({ description, inputSchema, ...needsApproval });
  const base = {
    description,
    inputSchema,
    ...needsApproval,
    toModelOutput: ({ output }: { output: ToolcraftToolOutput | undefined }) => toModelOutput(output),
  };
  return tool<Record<string, unknown>, ToolcraftToolOutput>({
    ...base,
    execute: async (input, { toolCallId, abortSignal, experimental_context }: ToolExecutionOptions) => {
      const agentContext = contextOf({ toolCallId, context: experimental_context });
      const result: ReceivedToolResult = await environment.executeTool(
        { id: toolCallId, name: toolcraftTool.name, arguments: input },
        undefined,
        { ...(abortSignal === undefined ? {} : { signal: abortSignal }), ...(agentContext === undefined ? {} : { agentContext }) },
      );
      if (result.isError && errors === 'throw') throw new ToolcraftToolCallError(result);
      return toToolOutput(result);
    },
  });
}

/**
 * The AI SDK's `needsApproval` of a tool: as it is, or the predicate asked with the call's context
 * and core's semantics (`askApprovalPredicate`): a throw, a rejection, any answer but `false`
 * or one that passes the call's time limit asks for approval.
 */
function approval(
  needsApproval: boolean | ApprovalPredicate<Record<string, unknown>> | undefined,
  contextOf: (call: AISDKCallInfo) => AgentContext | undefined,
  bounds: ApprovalPredicateBounds,
): Pick<Tool<Record<string, unknown>>, 'needsApproval'> {
  if (needsApproval === undefined || needsApproval === false) return {};
  if (typeof needsApproval !== 'function') return { needsApproval: true };
  return {
    needsApproval: (input, { toolCallId, experimental_context }) =>
      askApprovalPredicate(
        needsApproval,
        input,
        () => contextOf({ toolCallId, context: experimental_context }) ?? new AgentContext({ runId: toolCallId, agentName: 'ai-sdk' }),
        bounds,
      ),
  };
}

function environmentOf(source: ToolcraftToolSource, options: Omit<ToAISDKToolsOptions, 'agentContext' | 'errors'>): AgentEnvironment {
  if (source instanceof AgentEnvironment) {
    const given = Object.keys(options);
    if (given.length > 0) {
      throw new OptionsError(
        'toAISDKTools',
        given[0]!,
        (options as Record<string, unknown>)[given[0]!],
        'left out when the tools come from an AgentEnvironment (set it on the environment)',
      );
    }
    return source;
  }
  if (source instanceof ToolRegistry) return new AgentEnvironment({ ...options, registry: source });
  if (typeof source !== 'object' || source === null || !(Symbol.iterator in source)) {
    throw new OptionsError('toAISDKTools', 'source', source, 'a ToolRegistry, an AgentEnvironment or a list of toolcraft tools');
  }
  return new AgentEnvironment({ ...options, registry: ToolRegistry.of(source) });
}
