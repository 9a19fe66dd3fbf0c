import { InvalidAgentOptionsError } from '../errors/invalid-agent-options-error.js';
import { InvalidRunOptionsError } from '../errors/invalid-run-options-error.js';
import { isIterable } from '../registry/is-iterable.js';
import { ToolRegistry } from '../registry/tool-registry.js';
import type { ToolsItem } from '../registry/tools-item.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { isTool } from '../tools/abstract-tool.js';
import { isToolset } from './is-toolset.js';
import { mergeTools, type ToolSegment } from './merge-tools.js';
import type { Toolset } from './toolset.js';

/**
 * What the agent's `tools` option (and a run's) takes: tools, service instances with `@Tool` methods,
 * `ToolRegistry`s, {@link Toolset}s, or lists of them. A class in the list (`WeatherTool` instead of
 * `new WeatherTool()`) does not compile; a function, or a class in a nested list, is refused when the agent is made.
 */
export type AgentToolsItem =
  | AnyTool
  | ToolRegistry
  | Toolset
  // A toolset written as an object literal may carry members of its own.
  | (Toolset & { readonly [key: string]: unknown })
  // A service instance: an object that is not a class (a class has a `prototype`).
  | (object & { readonly prototype?: never })
  | Iterable<AgentToolsItem>;

/** The fixed tools and the toolsets of an agent's (or a run's) `tools`. */
export interface ToolSources {
  /** The fixed tools, in order, each once. */
  readonly tools: readonly AnyTool[];
  /** Where each fixed tool comes from, for clash messages. */
  readonly sourceOf: (tool: AnyTool) => string;
  /** The toolsets, in order, each once. */
  readonly toolsets: readonly Toolset[];
}

/**
 * Reads the tools of an agent's or a run's options. Service instances become their `@Tool` method tools.
 * @param registry - the `registry` option, if given
 * @param items - the `tools` option, if given
 * @param option - the option's name for messages (`'tools'`, or the run's)
 * @param source - how these tools are named in clash messages (`"the agent's tools"`)
 * @param before - fixed tools that come first (the agent's, when reading a run's)
 * @returns the fixed tools and the toolsets
 * @throws InvalidAgentOptionsError (InvalidRunOptionsError for a run's `tools`, `before` given) for a `registry` that is not a registry, a `tools` that is not a list, or a toolset without a name
 * @throws InvalidToolDefinitionError for an item that is not a tool, service, registry or toolset
 * @throws DuplicateToolError when two different fixed tools share a name
 */
export function readToolSources(registry: unknown, items: unknown, option: string, source: string, before?: ToolSources): ToolSources {
  const Refusal = before === undefined ? InvalidAgentOptionsError : InvalidRunOptionsError;
  if (registry !== undefined && !(registry instanceof ToolRegistry))
    throw new InvalidAgentOptionsError('registry', registry, 'a ToolRegistry (ToolRegistry.of(...)), or absent with tools in `tools`');
  if (items !== undefined && !isIterable(items))
    throw new Refusal(option, items, 'a list of tools, service instances, registries and toolsets');
  const segments: ToolSegment[] = before ? [{ tools: before.tools, source: before.sourceOf }] : [];
  if (registry instanceof ToolRegistry) segments.push({ tools: registry.tools, source: "the agent's registry" });
  const toolsets: Toolset[] = before ? [...before.toolsets] : [];
  const fixed: AnyTool[] = [];
  collect(items ?? [], option, fixed, toolsets, new Set(), Refusal);
  segments.push({ tools: fixed, source });
  const tools = mergeTools(segments);
  const labels = new Map<AnyTool, string>();
  for (const tool of fixed) labels.set(tool, source);
  if (registry instanceof ToolRegistry) for (const tool of registry.tools) labels.set(tool, "the agent's registry");
  return {
    tools,
    sourceOf: (tool) => labels.get(tool) ?? before?.sourceOf(tool) ?? source,
    toolsets,
  };
}

function collect(
  items: Iterable<unknown>,
  option: string,
  tools: AnyTool[],
  toolsets: Toolset[],
  within: ReadonlySet<object>,
  Refusal: typeof InvalidAgentOptionsError | typeof InvalidRunOptionsError,
): void {
  for (const item of items) {
    if (typeof item === 'object' && isTool(item)) tools.push(item);
    else if (item instanceof ToolRegistry) tools.push(...item.tools);
    else if (isToolset(item)) {
      if (typeof item.name !== 'string' || item.name === '')
        throw new Refusal(`${option} (a toolset)`, item, "a toolset with a non-empty string 'name'");
      if (!toolsets.includes(item)) toolsets.push(item);
    } else if (isIterable(item)) {
      if (within.has(item)) throw new Refusal(option, item, 'a list that does not contain itself');
      collect(item, option, tools, toolsets, new Set(within).add(item), Refusal);
    } else
      tools.push(
        ...ToolRegistry.builder()
          .tools(item as ToolsItem)
          .build().tools,
      );
  }
}
