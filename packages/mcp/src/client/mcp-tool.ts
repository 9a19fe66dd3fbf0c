import { ToolBase, type JsonSchema, type ToolCallMetadata } from '@toolcraft/core';
import { withImportedSchema } from '@toolcraft/core/internal';
import type { McpRemoteTool } from './mcp-remote-tool.js';
import { sideEffectsOf } from './side-effects.js';

/** Calls the remote tool behind an {@link McpTool} (the toolset's current connection). */
export type McpToolCaller = (tool: McpTool, args: Record<string, unknown>, metadata: ToolCallMetadata) => Promise<string>;

/**
 * A tool of an MCP server, imported by an `McpToolset`: its schema is the server's, its side effects
 * come from the server's annotations, and a call goes to the server (`tools/call`) over the
 * toolset's connection, with the call's signal (cancellation sends `notifications/cancelled`) and
 * its progress relayed to `context.reportProgress`.
 */
export class McpTool extends ToolBase<Record<string, unknown>, string> {
  /**
   * @param remote - the tool as the server lists it
   * @param toolset - the importing toolset's name
   * @param name - the name the model calls it by (the server's, after the toolset's prefix)
   * @param timeoutMs - the call's time limit, if any
   * @param caller - sends the calls
   * @throws InvalidToolDefinitionError when the name or the schema cannot be used
   * @internal
   */
  constructor(
    readonly remote: McpRemoteTool,
    readonly toolset: string,
    name: string,
    timeoutMs: number | undefined,
    private readonly caller: McpToolCaller,
  ) {
    // The server's schema is someone else's: its patterns must run in linear time (else it is refused).
    super(
      withImportedSchema({
        name,
        description: remote.description ?? remote.title ?? remote.annotations?.title ?? '',
        argsType: remote.inputSchema as JsonSchema,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        // The side-effect options (effects, idempotent, openWorld) of the tool model, from the annotations.
        ...sideEffectsOf(remote.annotations),
      }),
    );
  }

  /**
   * Calls the remote tool.
   * @param args - the validated arguments
   * @param metadata - the call's metadata (its signal and, in a run, its context)
   * @returns the result's text
   * @throws McpToolError when the server answers `isError: true` or with a JSON-RPC error
   * @throws McpConnectionError when the server is not connected or the connection ends during the call
   */
  execute(args: Record<string, unknown>, metadata: ToolCallMetadata): Promise<string> {
    return this.caller(this, args, metadata);
  }
}
