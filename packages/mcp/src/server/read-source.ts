import { AgentEnvironment, ToolRegistry, type AgentEnvironmentOptions, type AnyTool, type Toolset, type ToolsItem } from '@toolcraft/core';
import {
  createMethodPrompts,
  createMethodResources,
  hasToolMethods,
  isTool,
  isToolset,
  type MethodPrompt,
  type MethodResource,
} from '@toolcraft/core/internal';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import type { McpServerOptions } from './mcp-server-options.js';

const subject = 'an MCP server';

/** What an MCP server serves: its tools (or the environment given), toolsets, prompts and resources. */
export interface ServedSource {
  /** The environment given as the whole source, if it was. */
  environment?: AgentEnvironment;
  /** The options of the environments made for the tools. */
  environmentOptions: Omit<AgentEnvironmentOptions, 'registry'>;
  /** The fixed tools, in order (none when an environment was given). */
  tools: AnyTool[];
  /** The toolsets, in order. */
  toolsets: Toolset[];
  /** The `@Prompt` methods of the source's service instances, in order. */
  prompts: MethodPrompt[];
  /** The `@Resource` methods of the source's service instances, in order. */
  resources: MethodResource[];
}

/**
 * Reads an MCP server's source: the environment given as the whole source, or its tools and
 * toolsets (and the environment options they are served with), and the `@Prompt` and `@Resource`
 * methods of its service instances (a service may have tools, prompts and resources, or only some of them).
 * @param source - a registry, an environment, or a list of tools, services and registries
 * @param options - the server's options (its own fields are left out of the environment's)
 * @returns the environment or tools and toolsets, the prompts and the resources
 * @throws InvalidMcpOptionsError for a source that is none of these, or a list holding an environment
 * @throws InvalidToolDefinitionError for an item that is not a tool, a service, a registry or a list, or a method that cannot be described
 * @throws DuplicateToolError when two different tools share a name
 */
export function readSource(source: unknown, options: McpServerOptions): ServedSource {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the server's own fields are not the environment's
  const { name, version, title, instructions, approvals, clientRequestTimeoutMs, resourceUpdates, idempotency, ...environmentOptions } =
    options;
  if (source instanceof AgentEnvironment)
    return { environment: source, environmentOptions, tools: [], toolsets: [], prompts: [], resources: [] };
  const served: ServedSource = { environmentOptions, tools: [], toolsets: [], prompts: [], resources: [] };
  if (source instanceof ToolRegistry) served.tools.push(...source.tools);
  else if (typeof source !== 'object' || source === null)
    throw new InvalidMcpOptionsError(
      subject,
      `the tools must be a ToolRegistry, an AgentEnvironment, or a list of tools, @Tool service instances and registries; got ${source === null ? 'null' : typeof source}.`,
    );
  else collect(source, served, new Set());
  return served;
}

/** Adds an item's tools, prompts and resources in order; `within` holds the lists being read, so a list that contains itself is refused. */
function collect(item: object, served: ServedSource, within: ReadonlySet<object>): void {
  if (isTool(item)) served.tools.push(item);
  else if (item instanceof ToolRegistry) served.tools.push(...item.tools);
  else if (item instanceof AgentEnvironment)
    throw new InvalidMcpOptionsError(
      subject,
      'its list of tools holds an AgentEnvironment. An environment must be the whole source (createMcpServer(environment, options)), so that its features and limits apply; to serve its tools with others, put environment.registry in the list.',
    );
  else if (isToolset(item)) served.toolsets.push(item);
  else if (isIterableList(item)) {
    if (within.has(item)) throw new InvalidMcpOptionsError(subject, 'its list of tools contains itself.');
    const inside = new Set(within).add(item);
    for (const inner of item) {
      if (typeof inner === 'object' && inner !== null) collect(inner, served, inside);
      else served.tools.push(...builtTools(inner));
    }
  } else {
    const prompts = createMethodPrompts(item);
    const resources = createMethodResources(item);
    served.prompts.push(...prompts);
    served.resources.push(...resources);
    // A service of prompts or resources only has no tool to build (the builder would refuse it).
    if (prompts.length + resources.length === 0 || hasToolMethods(item)) served.tools.push(...builtTools(item));
  }
}

/** A service instance's method tools (or the registry builder's error for what is not one). */
function builtTools(item: unknown): readonly AnyTool[] {
  return ToolRegistry.builder()
    .tools(item as ToolsItem)
    .build().tools;
}

function isIterableList(value: object): value is Iterable<unknown> {
  return typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === 'function';
}
