import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { defaultArgumentLimits, defaultFormat, ToolArgumentsError, type ArgsDecoder, type ReceivedToolResult } from '@toolcraft/core';
import { contentBlocksOf } from './content-blocks.js';

/**
 * The MCP result of a call: its text (or, for a result of parts, its content blocks: images, audio,
 * embedded resources), flagged `isError` when the call failed. A tool with an output schema answers
 * its result's JSON as `structuredContent` too, checked against the schema first: a result that
 * breaks it is an error result naming each path that does not fit.
 * @param result - the environment's result
 * @param output - the decoder of the tool's output schema, if it has one
 * @returns the result
 */
export function callToolResult(result: ReceivedToolResult, output: ArgsDecoder<unknown> | undefined): CallToolResult {
  const content: CallToolResult['content'] =
    result.parts === undefined ? [{ type: 'text', text: result.content }] : contentBlocksOf(result.parts);
  if (result.isError) return { content, isError: true };
  if (output === undefined) return { content };
  const structured = structuredOf(result.value);
  const outcome = structured === undefined ? undefined : output.decode(structured, defaultArgumentLimits);
  if (structured === undefined || outcome?.ok !== true) {
    const problem =
      outcome === undefined || outcome.ok
        ? `returned ${describe(result.value)}, not an object its output schema describes`
        : `returned a result that does not fit its output schema:${new ToolArgumentsError(result.name, outcome.violations).message.replace(/^[^:]*:/, '')}`;
    return { content: [{ type: 'text', text: `Error: tool '${result.name}' ${problem}` }], isError: true };
  }
  return { content, structuredContent: structured };
}

/** A result's JSON object (as its text is made: class-transformer, then JSON), or undefined when it is not an object. */
function structuredOf(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  try {
    const plain: unknown = JSON.parse(defaultFormat(value));
    return typeof plain === 'object' && plain !== null && !Array.isArray(plain) ? (plain as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object that is not JSON' : `a ${typeof value}`;
}
