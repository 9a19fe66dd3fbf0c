import { ToolBase, ToolResult, type ArgsDecoder, type ContentPart, type JsonSchema, type ToolCallMetadata } from '@toolcraft/core';
import { compileArgsDecoder, withImportedSchema } from '@toolcraft/core/internal';
import type { McpRemoteTool } from './mcp-remote-tool.js';
import { sideEffectsOf } from './side-effects.js';

/** What a call of a remote tool answered: the text the model sees, its parts when there is more than text, and its structured content. */
export interface McpCallOutput {
  /** The result's text. */
  text: string;
  /** Its content parts, when it has more than text (images, audio, files, links). */
  parts?: ContentPart[];
  /** Its `structuredContent`, checked against the tool's `outputSchema` when it has one. */
  structured?: Record<string, unknown>;
}

/** Calls the remote tool behind an {@link McpTool} (the toolset's current connection); resolves to the tool's value ({@link toolValue}). */
export type McpToolCaller = (tool: McpTool, args: Record<string, unknown>, metadata: ToolCallMetadata) => Promise<unknown>;

/** What the model is shown of each structured result an {@link McpTool} returned (its content, not its JSON). */
const shown = new WeakMap<object, string | ContentPart[]>();

/**
 * A tool of an MCP server, imported by an `McpToolset`: its schema is the server's, its side effects
 * come from the server's annotations, and a call goes to the server (`tools/call`) over the
 * toolset's connection, with the call's signal (cancellation sends `notifications/cancelled`) and
 * its progress relayed to `context.reportProgress`. A result with `structuredContent` is that object
 * (the result's `value`), checked against the tool's `outputSchema`; the model is shown the result's
 * content (its text, or its parts: images, audio, files).
 */
export class McpTool extends ToolBase<Record<string, unknown>, unknown> {
  /** The decoder of the server's `outputSchema`, when it gave one (its patterns checked to run in linear time). */
  readonly outputDecoder?: ArgsDecoder<unknown>;

  /**
   * @param remote - the tool as the server lists it
   * @param toolset - the importing toolset's name
   * @param name - the name the model calls it by (the server's, after the toolset's prefix)
   * @param timeoutMs - the call's time limit, if any
   * @param caller - sends the calls
   * @throws InvalidToolDefinitionError when the name, the input schema or the output schema cannot be used
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
        resultFormatter: (value: unknown) => {
          if (typeof value === 'object' && value !== null) {
            const content = shown.get(value);
            if (content !== undefined) return content;
            if (ToolResult.isParts(value)) return [...value.parts];
          }
          return typeof value === 'string' ? value : JSON.stringify(value);
        },
      }),
    );
    const output = remote.outputSchema;
    if (output !== undefined)
      this.outputDecoder = compileArgsDecoder({ schema: output as JsonSchema, origin: 'imported' }, `the outputSchema of '${name}'`);
  }

  /**
   * Calls the remote tool.
   * @param args - the validated arguments
   * @param metadata - the call's metadata (its signal and, in a run, its context)
   * @returns the result's `structuredContent` when it has one (checked against the `outputSchema`),
   *   else its parts (`ToolResult.parts`) when it has more than text, else its text
   * @throws McpToolError when the server answers `isError: true`, with a JSON-RPC error, or with
   *   `structuredContent` that breaks the tool's `outputSchema`
   * @throws McpConnectionError when the server is not connected or the connection ends during the call
   */
  execute(args: Record<string, unknown>, metadata: ToolCallMetadata): Promise<unknown> {
    // The toolset's promise as it is: no async layer of its own.
    return this.caller(this, args, metadata);
  }
}

/**
 * What a call of an {@link McpTool} resolves to: its `structuredContent` (the model is shown the
 * result's content instead of its JSON), else its parts (`ToolResult.parts`) when it has more than
 * text, else its text.
 * @param output - what the server answered
 * @returns the tool's value
 * @internal
 */
export function toolValue(output: McpCallOutput): unknown {
  if (output.structured !== undefined) {
    shown.set(output.structured, output.parts ?? output.text);
    return output.structured;
  }
  return output.parts === undefined ? output.text : ToolResult.parts(output.parts);
}
