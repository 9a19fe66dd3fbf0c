import { ToolResult, type ContentPart } from '@toolcraft/core';
import type { ContentBlock, GetPromptResult, PromptMessage } from '@modelcontextprotocol/sdk/types.js';
import { contentBlockOf } from './content-blocks.js';
import { McpProtocolError, ProtocolErrorCode } from '../errors/mcp-protocol-error.js';

type Role = 'user' | 'assistant';

/**
 * The `prompts/get` result of what a `@Prompt` method returned:
 * - a string: one user message of that text;
 * - a `ToolResult.parts([...])` (or one content part, or an MCP content block): one user message per part;
 * - a list of strings, parts, blocks or messages `{ role: 'user' | 'assistant', content }` (content a
 *   string, a part, a block or a list of them: one message each);
 * - `{ messages: [...], description? }`, its messages read as a list.
 * @param name - the prompt, for messages
 * @param value - what the method returned
 * @returns the result
 * @throws McpProtocolError (InternalError) for anything else, saying what came back
 */
export function promptResult(name: string, value: unknown): GetPromptResult {
  if (isObject(value) && Array.isArray(value.messages)) {
    const { description } = value;
    return { ...(typeof description === 'string' ? { description } : {}), messages: messagesOf(name, value.messages, 'user') };
  }
  return { messages: messagesOf(name, value, 'user') };
}

function messagesOf(name: string, value: unknown, role: Role): PromptMessage[] {
  if (typeof value === 'string') return [{ role, content: { type: 'text', text: value } }];
  if (ToolResult.isParts(value)) return value.parts.flatMap((part, index) => message(role, contentBlockOf(part, index)));
  if (ToolResult.isTextSerializable(value)) return [{ role, content: { type: 'text', text: value.textForLLM() } }];
  if (Array.isArray(value)) return value.flatMap((item) => messagesOf(name, item, role));
  if (isObject(value) && (value.role === 'user' || value.role === 'assistant') && 'content' in value)
    return messagesOf(name, value.content, value.role);
  const block = blockOf(value);
  if (block !== undefined) return [{ role, content: block }];
  throw new McpProtocolError(
    ProtocolErrorCode.internalError,
    `Prompt '${name}' returned ${describe(value)}; a prompt method returns its text, content parts, or messages ({ role, content }).`,
  );
}

function message(role: Role, block: ContentBlock | undefined): PromptMessage[] {
  return block === undefined ? [] : [{ role, content: block }];
}

/** A content block of a toolcraft part (`mediaType`) or an MCP block as it is (`mimeType`, `resource`, `uri`). */
function blockOf(value: unknown): ContentBlock | undefined {
  if (!isObject(value) || typeof value.type !== 'string') return undefined;
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string' ? { type: 'text', text: value.text } : undefined;
    case 'image':
    case 'audio':
      if (typeof value.mimeType === 'string' && typeof value.data === 'string') return value as ContentBlock;
      return value.type === 'image' && typeof value.mediaType === 'string' ? contentBlockOf(value as unknown as ContentPart, 0) : undefined;
    case 'file':
      return typeof value.mediaType === 'string' ? contentBlockOf(value as unknown as ContentPart, 0) : undefined;
    case 'resource':
      return isObject(value.resource) && typeof value.resource.uri === 'string' ? (value as ContentBlock) : undefined;
    case 'resource_link':
      return typeof value.uri === 'string' && typeof value.name === 'string' ? (value as ContentBlock) : undefined;
    default:
      return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object') return `a ${typeof value}`;
  try {
    return `an object ${JSON.stringify(value).slice(0, 120)}`;
  } catch {
    return 'an object';
  }
}
