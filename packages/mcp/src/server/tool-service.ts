import { randomUUID } from 'node:crypto';
import type { AgentEnvironment, ReceivedToolResult, ToolExecutionOptions, ToolProgress, ToolRegistry } from '@toolcraft/core';
import { AgentContext } from '@toolcraft/core';
import type { CallToolResult, Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import type { McpServerOptions } from './mcp-server-options.js';
import { annotationsOf } from './tool-annotations.js';
import { readSource } from './read-source.js';
import { PromptService } from './prompt-service.js';
import { ResourceService } from './resource-service.js';

/** What a `tools/call` handler receives of the request besides its params (the SDK's `RequestHandlerExtra`). */
export interface CallExtra {
  signal: AbortSignal;
  requestId: string | number;
  sendNotification(notification: { method: 'notifications/progress'; params: ProgressParams }): Promise<void>;
}

interface ProgressParams {
  progressToken: string | number;
  progress: number;
  total?: number;
  message?: string;
}

/** The params of a `tools/call` request. */
export interface CallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/**
 * The part of an MCP server that does not depend on the connection, made once per `createMcpServer`
 * or `createMcpHttpHandler`: the environment calls go through and the `tools/list` answer,
 * computed once (a registry never changes).
 */
export class ToolService {
  /** The environment every call goes through. */
  readonly environment: AgentEnvironment;
  /** The `tools/list` result. */
  readonly listResult: { tools: McpToolDefinition[] };
  /** The server's prompts, when it has some. */
  readonly prompts?: PromptService;
  /** The server's resources, when it has some. */
  readonly resources?: ResourceService;

  /**
   * @param source - the tools (an `McpToolSource`, checked here: JavaScript callers pass anything)
   * @param options - name, version and environment options
   * @throws InvalidMcpOptionsError for a missing name or version, a source that cannot be served, or
   *   (unless `approvals: 'leave-to-client'`) a tool that declares `needsApproval`
   */
  constructor(
    source: unknown,
    readonly options: McpServerOptions,
  ) {
    for (const key of ['name', 'version'] as const) {
      const value: unknown = options?.[key];
      if (typeof value !== 'string' || value.length === 0)
        throw new InvalidMcpOptionsError(
          'an MCP server',
          `'${key}' must be a non-empty string (sent to clients in initialize), got ${typeof value}.`,
        );
    }
    const approvals: unknown = options.approvals ?? 'refuse';
    if (approvals !== 'refuse' && approvals !== 'leave-to-client')
      throw new InvalidMcpOptionsError(
        'an MCP server',
        `'approvals' must be 'refuse' or 'leave-to-client', got ${JSON.stringify(approvals)}.`,
      );
    const served = readSource(source, options);
    this.environment = served.environment;
    if (approvals === 'refuse') refuseApprovalTools(this.environment.registry);
    if (served.prompts.length > 0) this.prompts = new PromptService(served.prompts);
    if (served.resources.length > 0) this.resources = new ResourceService(served.resources);
    this.listResult = { tools: this.environment.registry.tools.map(definitionOf) };
  }

  /**
   * A context for the calls of one connection: its own run id and state, the server's name as the agent's.
   * @returns the context
   */
  connectionContext(): AgentContext {
    return new AgentContext({ runId: `mcp-${randomUUID()}`, agentName: this.options.name });
  }

  /**
   * Answers one `tools/call` through the environment: unknown tools, bad arguments and failures are
   * `isError: true` results with the environment's text; the request's `_meta` is the caller's
   * metadata; the request's signal (MCP cancellation) cancels the call; when the request has a
   * progress token, `context.reportProgress` becomes progress notifications.
   * @param params - the request's params
   * @param extra - the request's signal, id and notification sender
   * @param context - the connection's context
   * @returns the MCP result
   */
  call(params: CallParams, extra: CallExtra, context: AgentContext): Promise<CallToolResult> {
    const meta = params._meta;
    const progressToken = meta?.progressToken;
    const options: ToolExecutionOptions = {
      agentContext: context,
      runId: context.runId,
      signal: extra.signal,
      // The SDK drops the answer to a cancelled request: a call only its tool or features can tell was cancelled needs no listener.
      callerAbandonsOnAbort: true,
    };
    if (typeof progressToken === 'string' || typeof progressToken === 'number')
      options.onProgress = (progress) => sendProgress(extra, progressToken, progress);
    const call = { id: String(extra.requestId), name: params.name, arguments: params.arguments ?? {} };
    return this.environment.executeTool(call, meta, options).then(callToolResult);
  }
}

/** The MCP result of a call: its text, flagged `isError` when the call failed. */
function callToolResult(result: ReceivedToolResult): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text: result.content }];
  return result.isError ? { content, isError: true } : { content };
}

/**
 * Sends one progress notification for the request (only when the client asked, with a progress token);
 * a notification that cannot be sent (the client left) is dropped.
 */
function sendProgress(extra: CallExtra, progressToken: string | number, { done, total, message }: ToolProgress): void {
  const params: ProgressParams = { progressToken, progress: done };
  if (total !== undefined) params.total = total;
  if (message !== undefined) params.message = message;
  extra.sendNotification({ method: 'notifications/progress', params }).catch(() => undefined);
}

function definitionOf(tool: ToolRegistry['tools'][number]): McpToolDefinition {
  const { name, description } = tool.descriptor;
  const annotations = annotationsOf(tool);
  const inputSchema = tool.inputSchema as McpToolDefinition['inputSchema'];
  return annotations === undefined ? { name, description, inputSchema } : { name, description, inputSchema, annotations };
}

/**
 * Refuses to serve tools that need approval: an MCP client calls `tools/call` directly, so nothing
 * would stop a call for a person to approve it.
 * @param registry - the served tools
 * @throws InvalidMcpOptionsError naming the tools and saying how to serve them
 */
function refuseApprovalTools(registry: ToolRegistry): void {
  const names = registry.tools
    .filter((tool) => tool.needsApproval !== undefined && tool.needsApproval !== false)
    .map((tool) => `'${tool.name}'`);
  if (names.length === 0) return;
  throw new InvalidMcpOptionsError(
    'an MCP server',
    `${names.join(', ')} ${names.length === 1 ? 'declares' : 'declare'} needsApproval, which an MCP server cannot enforce: ` +
      'the client calls tools/call directly, with no run to pause for a person. Serve an agent whose run asks for the approval ' +
      "instead (an AgentTool of it), or pass approvals: 'leave-to-client' to serve the tool anyway, trusting the client to ask its user before each call.",
  );
}
