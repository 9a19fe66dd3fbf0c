import { defaultArgumentLimits, ToolArgumentsError } from '@toolcraft/core';
import { McpToolError } from '../errors/mcp-tool-error.js';
import { toolValue, type McpTool } from './mcp-tool.js';
import { remoteErrorText } from './remote-error-text.js';
import { resultParts } from './result-parts.js';
import type { CallResultLike } from './result-text.js';

/**
 * The value of a remote tool's call from what the server answered: its `structuredContent` (checked
 * against the tool's `outputSchema` by the one validator), else its parts or its text, cut at
 * `maxResultChars`.
 * @param tool - the tool called
 * @param result - the `tools/call` result
 * @param maxResultChars - the longest text, or undefined for no limit
 * @returns the tool's value ({@link toolValue})
 * @throws McpToolError for an `isError` result, or `structuredContent` missing or breaking the tool's `outputSchema`
 */
export function callValue(tool: McpTool, result: CallResultLike, maxResultChars: number | undefined): unknown {
  const shown = resultParts(result, maxResultChars);
  if (result.isError === true) throw new McpToolError(tool.name, remoteErrorText(shown.text, tool.remote.name));
  const structured = result.structuredContent;
  const decoder = tool.outputDecoder;
  if (decoder !== undefined) {
    if (structured === undefined)
      throw new McpToolError(tool.name, "the MCP server answered without structuredContent, which the tool's outputSchema promises.");
    const outcome = decoder.decode(structured, defaultArgumentLimits);
    if (!outcome.ok)
      throw new McpToolError(
        tool.name,
        `the MCP server's structuredContent does not fit the tool's outputSchema:${new ToolArgumentsError(tool.name, outcome.violations).message.replace(/^[^:]*:/, '')}`,
      );
  }
  return toolValue(structured === undefined ? shown : { ...shown, structured });
}
