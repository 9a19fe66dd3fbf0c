import { AgentEnvironment, ToolRegistry, type AnyTool, type ToolsItem } from '@toolcraft/core';
import { isTool, isToolset } from '@toolcraft/core/internal';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import type { McpServerOptions } from './mcp-server-options.js';

const subject = 'an MCP server';

/**
 * The environment an MCP server's calls go through: the source itself when it is an environment,
 * else a new one with the options and a registry of the source's tools.
 * @param source - a registry, an environment, or a list of tools, `@Tool` services and registries
 * @param options - the server's options (its own fields are left out of the environment's)
 * @returns the environment
 * @throws InvalidMcpOptionsError for a source that is none of these, or a list holding an environment or a toolset
 * @throws InvalidToolDefinitionError for an item that is not a tool, a service, a registry or a list
 * @throws DuplicateToolError when two different tools share a name
 */
export function environmentOfSource(source: unknown, options: McpServerOptions): AgentEnvironment {
  if (source instanceof AgentEnvironment) return source;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the server's own fields are not the environment's
  const { name, version, title, instructions, approvals, ...environment } = options;
  return new AgentEnvironment({ ...environment, registry: registryOfSource(source) });
}

function registryOfSource(source: unknown): ToolRegistry {
  if (source instanceof ToolRegistry) return source;
  if (typeof source !== 'object' || source === null)
    throw new InvalidMcpOptionsError(
      subject,
      `the tools must be a ToolRegistry, an AgentEnvironment, or a list of tools, @Tool service instances and registries; got ${source === null ? 'null' : typeof source}.`,
    );
  const tools: AnyTool[] = [];
  collect(source, tools, new Set());
  return new ToolRegistry(tools);
}

/** Adds an item's tools in order; `within` holds the lists being read, so a list that contains itself is refused. */
function collect(item: object, tools: AnyTool[], within: ReadonlySet<object>): void {
  if (isTool(item)) tools.push(item);
  else if (item instanceof ToolRegistry) tools.push(...item.tools);
  else if (item instanceof AgentEnvironment)
    throw new InvalidMcpOptionsError(
      subject,
      'its list of tools holds an AgentEnvironment. An environment must be the whole source (createMcpServer(environment, options)), so that its features and limits apply; to serve its tools with others, put environment.registry in the list.',
    );
  else if (isToolset(item))
    throw new InvalidMcpOptionsError(
      subject,
      `its list of tools holds the toolset '${String(item.name)}'. An MCP server lists fixed tools, while a toolset's tools are asked for at each turn of an agent; list the toolset's tools instead (await toolset.getTools(context)).`,
    );
  else if (isIterableList(item)) {
    if (within.has(item)) throw new InvalidMcpOptionsError(subject, 'its list of tools contains itself.');
    const inside = new Set(within).add(item);
    for (const inner of item) {
      if (typeof inner === 'object' && inner !== null) collect(inner, tools, inside);
      else tools.push(...builtTools(inner));
    }
  } else tools.push(...builtTools(item));
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
