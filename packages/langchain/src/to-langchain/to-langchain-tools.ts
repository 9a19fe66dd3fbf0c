import { AgentContext, AgentEnvironment, ToolRegistry, type AnyTool, type ToolsItem } from '@toolcraft/core';
import { describeValue } from '@toolcraft/core/internal';
import { InvalidLangChainToolsError } from '../errors/invalid-langchain-tools-error.js';
import { CallRunner } from './call-runner.js';
import { externalReference } from './external-reference.js';
import type { ToLangChainToolsOptions } from './to-langchain-options.js';
import { ToolcraftLangChainTool } from './toolcraft-langchain-tool.js';

const where = 'toLangChainTools';

/**
 * Where the tools come from: a registry, an environment (its registry, features and limits), or what
 * `ToolRegistry.of` takes (tools, services with `@Tool` methods, lists of them).
 */
export type ToolcraftToolSource = ToolRegistry | AgentEnvironment | Iterable<ToolsItem>;

/**
 * toolcraft tools as LangChain tools (`@langchain/core` `StructuredTool`s), for `bindTools`,
 * `createAgent`, LangGraph's `ToolNode` or a plain `tool.invoke(toolCall)`. Each keeps its name,
 * description and exact JSON Schema, and each call runs through one `AgentEnvironment` (the one
 * given, or one made of the tools and the options' settings): toolcraft's validation, features,
 * time limits, result limits and error text hold as in a toolcraft run. LangChain's signal cancels
 * the call, its tool call id is the call's id, its callbacks get the call's progress as custom
 * events (`toolcraft_progress`), and its config reaches the tool as metadata (`LangChainConfigKey`).
 * @param source - a `ToolRegistry`, tools and services with `@Tool` methods, or an `AgentEnvironment` whose registry and settings are used as they are
 * @param options - the environment's settings (not with an environment), the agent context, the approval policy
 * @returns one LangChain tool per toolcraft tool, in the registry's order
 * @throws InvalidLangChainToolsError for a source that is not tools, settings given with an environment,
 *   a schema with a `$ref` to another document, or (unless `approvals: 'leave-to-langchain'`) a tool
 *   that declares `needsApproval`
 * @example
 * const tools = toLangChainTools([new WeatherTool()], { toolTimeoutMs: 10_000 });
 * const model = new ChatOpenAI({ model: 'gpt-5-mini' }).bindTools(tools);
 */
export function toLangChainTools(source: ToolcraftToolSource, options: ToLangChainToolsOptions = {}): ToolcraftLangChainTool[] {
  if (typeof options !== 'object' || options === null)
    throw new InvalidLangChainToolsError(where, `options must be an object, got ${describeValue(options)}.`);
  const { agentContext, approvals = 'refuse', ...settings } = options;
  if (approvals !== 'refuse' && approvals !== 'leave-to-langchain')
    throw new InvalidLangChainToolsError(where, `'approvals' must be 'refuse' or 'leave-to-langchain', got ${JSON.stringify(approvals)}.`);
  if (agentContext !== undefined && typeof agentContext !== 'function' && !(agentContext instanceof AgentContext))
    throw new InvalidLangChainToolsError(
      where,
      `'agentContext' must be an AgentContext or a function of LangChain's config, got ${describeValue(agentContext)}.`,
    );
  const environment = environmentOf(source, settings);
  if (approvals === 'refuse') refuseApprovals(environment.registry.tools);
  for (const tool of environment.registry.tools) {
    const reference = externalReference(tool.inputSchema);
    if (reference !== undefined)
      throw new InvalidLangChainToolsError(
        `${where}: tool '${tool.name}'`,
        `its schema refers to another document ($ref ${JSON.stringify(reference)}), which LangChain can resolve neither in its own check of the arguments nor for the model (it sends the schema as it is); put that schema inside the tool's schema (under $defs) instead.`,
      );
  }
  const runner = new CallRunner(environment, agentContext);
  return environment.registry.tools.map((tool) => new ToolcraftLangChainTool(tool, runner));
}

function environmentOf(source: unknown, settings: Omit<ToLangChainToolsOptions, 'agentContext' | 'approvals'>): AgentEnvironment {
  const given = Object.keys(settings).filter((key) => settings[key as keyof typeof settings] !== undefined);
  if (source instanceof AgentEnvironment) {
    if (given.length > 0)
      throw new InvalidLangChainToolsError(
        where,
        `${given.map((key) => `'${key}'`).join(', ')} cannot be given with an AgentEnvironment: give them to the environment, or pass its registry instead.`,
      );
    return source;
  }
  return new AgentEnvironment({ registry: registryOf(source), ...settings });
}

function registryOf(source: unknown): ToolRegistry {
  if (source instanceof ToolRegistry) return source;
  if (typeof source !== 'object' || source === null || !(Symbol.iterator in source))
    throw new InvalidLangChainToolsError(
      where,
      `expected a ToolRegistry, an AgentEnvironment or a list of toolcraft tools (or services with @Tool methods), got ${describeValue(source)}.`,
    );
  // Checks each item: a tool, a service with @Tool methods, or a list of them (InvalidToolDefinitionError otherwise).
  return ToolRegistry.of(source as Iterable<ToolsItem>);
}

/** Refuses tools that need approval: a LangChain call runs the tool directly, with no run to pause for a person. */
function refuseApprovals(tools: readonly AnyTool[]): void {
  const names = tools.filter((tool) => tool.needsApproval !== undefined && tool.needsApproval !== false).map((tool) => `'${tool.name}'`);
  if (names.length === 0) return;
  throw new InvalidLangChainToolsError(
    where,
    `${names.join(', ')} ${names.length === 1 ? 'declares' : 'declare'} needsApproval, which a LangChain tool cannot enforce: ` +
      'LangChain runs the tool directly, with no toolcraft run to pause for a person. Run it in a toolcraft Agent instead, ' +
      "or pass approvals: 'leave-to-langchain' to make it anyway, trusting the LangChain app to ask before each call (human-in-the-loop middleware, a LangGraph interrupt).",
  );
}
