import type { Abortable } from '../environment/abort-watchers.js';
import { AgentEnvironment } from '../environment/agent-environment.js';
import type { AgentContext } from '../context/agent-context.js';
import { AgentClosedError } from '../errors/agent-closed-error.js';
import { InvalidAgentOptionsError } from '../errors/invalid-agent-options-error.js';
import { ToolRegistry } from '../registry/tool-registry.js';
import type { AnyTool } from '../tools/abstract-tool.js';
import { closeToolsets } from '../toolsets/close-toolsets.js';
import { mergeTools } from '../toolsets/merge-tools.js';
import { RunTools, type TurnToolList } from '../toolsets/run-tools.js';
import type { ToolUsage } from '../toolsets/tool-usage.js';
import { applyNames, type ToolFilter, type ToolPredicate } from '../toolsets/tool-filter.js';
import { readToolSources, type ToolSources } from '../toolsets/tool-sources.js';
import type { AgentEnvironmentSettings } from './agent-options.js';
import type { ToolDefinition } from '../model/chat-model.js';
import { toolDefinitions } from './tool-definitions.js';
import { TurnTools, type TurnToolSet } from './turn-tools.js';

/** How many distinct sets of tools an agent keeps built (registry, environment, definitions). */
const cachedSets = 4;

/** What an agent's tools are read from: its `registry`, `tools` and `toolFilter` options. */
export interface AgentToolOptions {
  registry?: unknown;
  tools?: unknown;
  toolFilter?: unknown;
}

/**
 * The tools of an agent: its fixed tools (from `registry` and `tools`, names-filtered) with their
 * environment and definitions, its toolsets, the filter, and the few most recent sets of tools built
 * for a turn, so a turn over an unchanged set builds nothing. Closes the toolsets once.
 * @internal
 */
export class AgentTools {
  /** The fixed tools, after a names filter. */
  readonly registry: ToolRegistry;
  /** The environment of the fixed tools; every turn's environment is derived from it. */
  readonly environment: AgentEnvironment;
  /** The definitions of the fixed tools. */
  readonly definitions: readonly ToolDefinition[];
  private readonly sources: ToolSources;
  private readonly names?: ReadonlySet<string>;
  private readonly predicate?: ToolPredicate;
  private readonly sets: TurnToolSet[] = [];
  private closing?: Promise<void>;
  /** {@link AgentTools.setFor}, bound once for every run's `TurnTools`. */
  private readonly setForList = (list: TurnToolList): TurnToolSet => this.setFor(list);

  /**
   * @param options - the agent's `registry`, `tools` and `toolFilter`
   * @param settings - the environment settings of the agent
   * @param prepare - checks a set's definitions for the agent's model (`ChatModel.prepareTools`) when the set is built
   * @throws InvalidAgentOptionsError, InvalidToolDefinitionError or DuplicateToolError for bad tools;
   *   what `prepare` throws (a ProviderSchemaError) for the fixed tools
   */
  constructor(
    options: AgentToolOptions,
    settings: AgentEnvironmentSettings,
    private readonly prepare?: (definitions: readonly ToolDefinition[]) => void,
  ) {
    const filter = readFilter(options.toolFilter);
    if (typeof filter === 'function') this.predicate = filter;
    else if (filter !== undefined) this.names = new Set(filter);
    const sources = readToolSources(options.registry, options.tools, 'tools', "the agent's tools");
    this.sources = this.names === undefined ? sources : { ...sources, tools: applyNames(sources.tools, this.names) };
    this.registry = new ToolRegistry(this.sources.tools);
    this.environment = new AgentEnvironment({ ...settings, registry: this.registry });
    this.definitions = Object.freeze(toolDefinitions(this.registry.tools));
    prepare?.(this.definitions);
    this.sets.push(toolSet(this.sources.tools, this.registry, this.environment, this.definitions));
  }

  /**
   * The tools of one run.
   * @param context - the run's context
   * @param runTools - the run's `tools` option
   * @param signal - the run's signal
   * @param usage - the run's per-tool counts, shared by every agent of the run
   * @returns the run's turn-by-turn tools
   * @throws AgentClosedError after `close()`; DuplicateToolError when a run tool clashes with the agent's
   */
  forRun(context: AgentContext, runTools: unknown, signal: Abortable, usage?: ToolUsage): TurnTools {
    if (this.closing !== undefined) throw new AgentClosedError(context.agentName);
    let sources = this.sources;
    if (runTools !== undefined) {
      sources = readToolSources(undefined, runTools, 'tools', "this run's tools", this.sources);
      if (this.names !== undefined) sources = { ...sources, tools: applyNames(sources.tools, this.names) };
    }
    return new TurnTools(new RunTools(sources, this.names, this.predicate, context, signal, usage), this.setForList);
  }

  /**
   * Closes every toolset of the agent, once (a second call returns the first call's promise).
   * @param timeoutMs - the time limit of each toolset's `close()`
   * @returns when all are closed
   * @throws ToolsetCloseError listing every toolset that failed to close
   */
  close(timeoutMs: number): Promise<void> {
    if (!(timeoutMs > 0))
      return Promise.reject(new InvalidAgentOptionsError('close({ timeoutMs })', timeoutMs, 'a number above 0 (Infinity for no limit)'));
    this.closing ??= closeToolsets(this.sources.toolsets, timeoutMs);
    return this.closing;
  }

  /** The built set of a turn's tools: a recent one when the tools are the same, else a new one. */
  private setFor(list: TurnToolList): TurnToolSet {
    const { tools } = list;
    const { sets } = this;
    for (let index = 0; index < sets.length; index++) if (sameTools(sets[index]!.tools, tools)) return sets[index]!;
    const registry = new ToolRegistry(mergeTools(list.segments));
    const definitions = Object.freeze(toolDefinitions(registry.tools));
    this.prepare?.(definitions);
    // The list may be a toolset's own array, which it may change later: the set keeps a copy as its key.
    const set = toolSet(tools.slice(), registry, this.environment.withRegistry(registry), definitions);
    // The fixed tools' set stays first; the others are kept most recent first.
    this.sets.splice(1, 0, set);
    if (this.sets.length > cachedSets) this.sets.pop();
    return set;
  }
}

function toolSet(tools: readonly AnyTool[], registry: ToolRegistry, environment: AgentEnvironment, definitions: readonly ToolDefinition[]) {
  const limited = registry.tools.some((tool) => tool.maxInvocations !== undefined || tool.maxFailures !== undefined);
  const pausable = registry.tools.some(
    (tool) => tool.declarationOnly || (tool.needsApproval !== undefined && tool.needsApproval !== false),
  );
  return { tools, environment, definitions, limited, pausable };
}

function sameTools(left: readonly AnyTool[], right: readonly AnyTool[]): boolean {
  if (left === right) return true;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

function readFilter(filter: unknown): ToolFilter | undefined {
  if (filter === undefined || typeof filter === 'function') return filter as ToolPredicate | undefined;
  if (Array.isArray(filter) && filter.every((name) => typeof name === 'string')) return filter as string[];
  throw new InvalidAgentOptionsError('toolFilter', filter, 'a list of tool names or a function (tool, context) => boolean');
}
