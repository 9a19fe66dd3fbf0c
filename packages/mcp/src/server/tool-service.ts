import type { CallToolResult, ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolExecutionOptions, ToolProgress } from '@toolcraft/core';
import { untilAborted } from '@toolcraft/core/internal';
import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import type { McpConnection } from './connection.js';
import type { McpServerOptions } from './mcp-server-options.js';
import { PromptService } from './prompt-service.js';
import { readSource } from './read-source.js';
import type { RequestExtra } from './request-extra.js';
import { ResourceService } from './resource-service.js';
import { sameTools, ToolCatalog, type ToolSnapshot } from './tool-catalog.js';
import { callToolResult } from './tool-result.js';
import { idempotencyKeyOf, idempotentCall } from './idempotent-call.js';

/** The params of a `tools/call` request. */
export interface CallParams {
  name: string;
  arguments?: Record<string, unknown>;
  _meta?: Record<string, unknown>;
}

/**
 * The part of an MCP server that does not depend on the connection, made once per `createMcpServer`
 * or `createMcpHttpHandler`: the tools (a fixed snapshot, computed once, or the tools of its
 * toolsets, asked for as they change), prompts and resources.
 */
export class ToolService {
  /** The server's tools. */
  readonly catalog: ToolCatalog;
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
    const store: unknown = options.idempotency;
    if (
      store !== undefined &&
      !['begin', 'complete', 'abandon'].every((method) => typeof (store as Record<string, unknown>)?.[method] === 'function')
    )
      throw new InvalidMcpOptionsError(
        'an MCP server',
        "'idempotency' must be an idempotency store (new InMemoryMcpIdempotencyStore(), or RedisMcpIdempotencyStore of @toolcraft/redis).",
      );
    const timeout: unknown = options.clientRequestTimeoutMs;
    if (timeout !== undefined && !(typeof timeout === 'number' && timeout > 0 && timeout <= 2_147_483_647))
      throw new InvalidMcpOptionsError(
        'an MCP server',
        `'clientRequestTimeoutMs' must be a number of ms above 0, got ${JSON.stringify(timeout)}.`,
      );
    const served = readSource(source, options);
    this.catalog = new ToolCatalog({ ...served, refuseApprovals: approvals === 'refuse' });
    if (served.prompts.length > 0) this.prompts = new PromptService(served.prompts);
    if (served.resources.length > 0) this.resources = new ResourceService(served.resources);
  }

  /**
   * Answers `tools/list`: the fixed list, or the tools of the toolsets now (remembered as the ones the
   * connection was last told of).
   * @param extra - the request's signal
   * @param connection - the connection
   * @returns the list
   */
  async list(extra: RequestExtra, connection: McpConnection): Promise<ListToolsResult> {
    const snapshot = await untilAborted(this.catalog.snapshot(connection.context), extra.signal);
    connection.listedTools = snapshot.tools;
    return snapshot.listResult;
  }

  /**
   * Answers one `tools/call` through the environment: unknown tools, bad arguments and failures are
   * `isError: true` results with the environment's text; the request's `_meta` is the caller's
   * metadata; the request's signal (MCP cancellation) cancels the call; when the request has a
   * progress token, `context.reportProgress` becomes progress notifications; `context.log`,
   * `context.elicit` and `context.sample` reach the client. With toolsets, the call goes to the tools
   * as they are now, and `notifications/tools/list_changed` is sent when they changed after it.
   * @param params - the request's params
   * @param extra - the request's signal, id and senders
   * @param connection - the connection (its context, log level and open requests)
   * @returns the MCP result
   */
  call(params: CallParams, extra: RequestExtra, connection: McpConnection): Promise<CallToolResult> {
    const { idempotency } = this.options;
    const key = idempotency === undefined ? undefined : idempotencyKeyOf(params._meta);
    if (key !== undefined)
      return idempotentCall(idempotency!, key, params.name, params.arguments, extra.signal, () => this.callNow(params, extra, connection));
    return this.callNow(params, extra, connection);
  }

  private callNow(params: CallParams, extra: RequestExtra, connection: McpConnection): Promise<CallToolResult> {
    const { fixed } = this.catalog;
    if (fixed !== undefined) return this.callIn(fixed, params, extra, connection);
    return this.callDynamic(params, extra, connection);
  }

  private async callDynamic(params: CallParams, extra: RequestExtra, connection: McpConnection): Promise<CallToolResult> {
    const before = await untilAborted(this.catalog.snapshot(connection.context), extra.signal);
    const result = await this.callIn(before, params, extra, connection);
    const after = await untilAborted(this.catalog.snapshot(connection.context), extra.signal);
    const told = connection.listedTools ?? before.tools;
    if (!sameTools(after.tools, told)) {
      connection.listedTools = after.tools;
      await extra.sendNotification({ method: 'notifications/tools/list_changed' }).catch(() => undefined);
    }
    return result;
  }

  private callIn(snapshot: ToolSnapshot, params: CallParams, extra: RequestExtra, connection: McpConnection): Promise<CallToolResult> {
    const meta = params._meta;
    const progressToken = meta?.progressToken;
    const { context } = connection;
    const id = String(extra.requestId);
    const options: ToolExecutionOptions = {
      agentContext: context,
      runId: context.runId,
      signal: extra.signal,
      // The SDK drops the answer to a cancelled request: a call only its tool or features can tell was cancelled needs no listener.
      callerAbandonsOnAbort: true,
    };
    if (typeof progressToken === 'string' || typeof progressToken === 'number')
      options.onProgress = (progress) => sendProgress(extra, progressToken, progress);
    const call = { id, name: params.name, arguments: params.arguments ?? {} };
    connection.begin(id, extra, params.name);
    return snapshot.environment.executeTool(call, meta, options).then((result) => {
      connection.end(id);
      return callToolResult(result, snapshot.outputs.get(result.name));
    });
  }
}

/**
 * Sends one progress notification for the request (only when the client asked, with a progress token);
 * a notification that cannot be sent (the client left) is dropped.
 */
function sendProgress(extra: RequestExtra, progressToken: string | number, { done, total, message }: ToolProgress): void {
  const params: { progressToken: string | number; progress: number; total?: number; message?: string } = { progressToken, progress: done };
  if (total !== undefined) params.total = total;
  if (message !== undefined) params.message = message;
  extra.sendNotification({ method: 'notifications/progress', params }).catch(() => undefined);
}
