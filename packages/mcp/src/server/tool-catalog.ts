import type { Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import {
  AgentEnvironment,
  ToolRegistry,
  type AgentEnvironmentOptions,
  type ArgsDecoder,
  type AnyTool,
  type ReadonlyAgentContext,
  type Toolset,
} from '@toolcraft/core';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import { annotationsOf } from './tool-annotations.js';

/** The tools of a server at one moment: the environment calls go through and the `tools/list` answer. */
export interface ToolSnapshot {
  /** The tools, in order. */
  readonly tools: readonly AnyTool[];
  /** The environment every call goes through. */
  readonly environment: AgentEnvironment;
  /** The `tools/list` result. */
  readonly listResult: { tools: McpToolDefinition[] };
  /** The decoders of the tools' output schemas, by name (tools without one are absent). */
  readonly outputs: ReadonlyMap<string, ArgsDecoder<unknown>>;
}

/** What a catalog is made of. */
export interface CatalogInit {
  /** The environment given as the whole source, if it was. */
  environment?: AgentEnvironment;
  /** The options of the environments the catalog makes. */
  environmentOptions: Omit<AgentEnvironmentOptions, 'registry'>;
  /** The fixed tools. */
  tools: readonly AnyTool[];
  /** The toolsets, whose tools are asked for. */
  toolsets: readonly Toolset[];
  /** Whether tools that declare `needsApproval` are refused. */
  refuseApprovals: boolean;
}

/**
 * The tools of an MCP server: fixed ones (a snapshot made once), and the tools of its toolsets, asked
 * for when the tools are listed and after each call; a new environment is made only when they
 * changed (the same tool instances, in the same order, reuse the last one).
 */
export class ToolCatalog {
  /** The snapshot of a server without toolsets (its tools never change). */
  readonly fixed?: ToolSnapshot;
  private last?: ToolSnapshot;

  /**
   * @param init - the fixed tools, the toolsets and the environment options
   * @throws InvalidMcpOptionsError (unless approvals are left to the client) when a fixed tool declares `needsApproval`
   */
  constructor(private readonly init: CatalogInit) {
    if (init.toolsets.length === 0) {
      const environment =
        init.environment ?? new AgentEnvironment({ ...init.environmentOptions, registry: new ToolRegistry([...init.tools]) });
      this.fixed = snapshotOf(environment, init.refuseApprovals);
    }
  }

  /** Whether the tools may change (the source has toolsets). */
  get dynamic(): boolean {
    return this.fixed === undefined;
  }

  /**
   * The tools now: the fixed snapshot, or the fixed tools and each toolset's, asked in order.
   * @param context - the connection's context, given to the toolsets
   * @returns the snapshot
   * @throws what a toolset throws; DuplicateToolError when two different tools share a name;
   *   InvalidMcpOptionsError for a tool that declares `needsApproval` (unless approvals are left to the client)
   */
  async snapshot(context: ReadonlyAgentContext): Promise<ToolSnapshot> {
    if (this.fixed !== undefined) return this.fixed;
    const tools: AnyTool[] = [...this.init.tools];
    for (const toolset of this.init.toolsets) tools.push(...(await toolset.getTools(context)));
    const { last } = this;
    if (last !== undefined && sameTools(last.tools, tools)) return last;
    const snapshot = snapshotOf(
      new AgentEnvironment({ ...this.init.environmentOptions, registry: new ToolRegistry(tools) }),
      this.init.refuseApprovals,
    );
    this.last = snapshot;
    return snapshot;
  }
}

/**
 * @param a - a list of tools
 * @param b - another
 * @returns whether both hold the same tool instances, in the same order
 */
export function sameTools(a: readonly AnyTool[], b: readonly AnyTool[]): boolean {
  return a.length === b.length && a.every((tool, index) => tool === b[index]);
}

function snapshotOf(environment: AgentEnvironment, refuseApprovals: boolean): ToolSnapshot {
  const tools = environment.registry.tools;
  if (refuseApprovals) refuseApprovalTools(tools);
  const outputs = new Map<string, ArgsDecoder<unknown>>();
  for (const tool of tools) {
    const output = outputDecoderOf(tool);
    if (output !== undefined) outputs.set(tool.name, output);
  }
  return { tools, environment, outputs, listResult: { tools: tools.map((tool) => definitionOf(tool, outputs.get(tool.name))) } };
}

function definitionOf(tool: AnyTool, output: ArgsDecoder<unknown> | undefined): McpToolDefinition {
  const { name, description } = tool.descriptor;
  const annotations = annotationsOf(tool);
  const inputSchema = tool.inputSchema as McpToolDefinition['inputSchema'];
  return {
    name,
    description,
    inputSchema,
    ...(output === undefined ? {} : { outputSchema: output.schema as McpToolDefinition['outputSchema'] }),
    ...(annotations === undefined ? {} : { annotations }),
  };
}

/** The decoder of a tool's output schema: a `@Tool` method's (`outputType`, or its declared return type), when it has one. */
function outputDecoderOf(tool: AnyTool): ArgsDecoder<unknown> | undefined {
  const decoder = (tool as { outputDecoder?: ArgsDecoder<unknown> }).outputDecoder;
  return decoder !== undefined && decoder.schema.type === 'object' ? decoder : undefined;
}

/**
 * Refuses to serve tools that need approval: an MCP client calls `tools/call` directly, so nothing
 * would stop a call for a person to approve it.
 * @param tools - the served tools
 * @throws InvalidMcpOptionsError naming the tools and saying how to serve them
 */
function refuseApprovalTools(tools: readonly AnyTool[]): void {
  const names = tools.filter((tool) => tool.needsApproval !== undefined && tool.needsApproval !== false).map((tool) => `'${tool.name}'`);
  if (names.length === 0) return;
  throw new InvalidMcpOptionsError(
    'an MCP server',
    `${names.join(', ')} ${names.length === 1 ? 'declares' : 'declare'} needsApproval, which an MCP server cannot enforce: ` +
      'the client calls tools/call directly, with no run to pause for a person. Serve an agent whose run asks for the approval ' +
      "instead (an AgentTool of it), or pass approvals: 'leave-to-client' to serve the tool anyway, trusting the client to ask its user before each call.",
  );
}
