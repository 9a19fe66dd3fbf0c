import type { AssistantMessage, ChatMessage, ContentPart, ModelToolCall, ToolMessage, UserMessage } from '@toolcraft/core';
import type { ContentBlockParam, MessageParam, TextBlockParam, ToolResultBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { anthropicError } from './anthropic-provider.js';
import { toThinkingBlock } from './reasoning-metadata.js';
import { toDocumentBlock, toImageBlock } from './to-anthropic-parts.js';

/** A transcript as the Messages API takes it: the system prompt apart, then the turns. */
export interface AnthropicTranscript {
  /** The system messages before the first turn, one text block each (none when there are none). */
  system: TextBlockParam[];
  messages: MessageParam[];
}

/**
 * Maps the provider-neutral transcript to the Messages API: the system messages before the first turn
 * become `system` (a system message later in the transcript stays at its place, as a `system` turn);
 * user parts become text, image and document blocks; an assistant message becomes its thinking blocks
 * first (reasoning parts with Anthropic data, sent back untouched; reasoning of another provider is left
 * out), then its text, then one `tool_use` block per call; tool messages become `tool_result` blocks
 * (`is_error` for a failed call; text, image and document content), consecutive ones (and a user
 * message right after them) in one user message, results first, as the API requires.
 * @param messages - the provider-neutral transcript
 * @returns the system blocks and the messages
 * @throws ModelCallError (not retryable) for a part the API does not take there, naming where it is
 */
export function toAnthropicMessages(messages: readonly ChatMessage[]): AnthropicTranscript {
  const system: TextBlockParam[] = [];
  const turns: MessageParam[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        if (turns.length === 0) {
          if (message.content !== '') system.push({ type: 'text', text: message.content });
        } else turns.push({ role: 'system', content: message.content });
        break;
      case 'user':
        appendUserBlocks(turns, userBlocks(message));
        break;
      case 'assistant': {
        const content = assistantBlocks(message);
        if (content.length > 0) turns.push({ role: 'assistant', content });
        break;
      }
      case 'tool':
        appendUserBlocks(turns, [toolResultBlock(message)]);
        break;
    }
  }
  return { system, messages: turns };
}

/** Adds blocks to the last turn when it is a user turn (tool results, then what the user said next), or as a new user turn. */
function appendUserBlocks(turns: MessageParam[], blocks: ContentBlockParam[]): void {
  const last = turns.at(-1);
  if (last?.role === 'user' && Array.isArray(last.content)) last.content.push(...blocks);
  else turns.push({ role: 'user', content: blocks });
}

function userBlocks(message: UserMessage): ContentBlockParam[] {
  if (typeof message.content === 'string') return [{ type: 'text', text: message.content }];
  return message.content.map((part): ContentBlockParam => {
    switch (part.type) {
      case 'text':
        return { type: 'text', text: part.text };
      case 'image':
        return toImageBlock(part, 'a user message');
      case 'file':
        return toDocumentBlock(part, 'a user message');
      case 'reasoning':
        throw anthropicError('A user message holds a reasoning part, which only an assistant message may hold.');
    }
  });
}

function assistantBlocks(message: AssistantMessage): ContentBlockParam[] {
  const parts: readonly ContentPart[] =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content ?? []);
  const thinking: ContentBlockParam[] = [];
  const text: ContentBlockParam[] = [];
  for (const part of parts) {
    if (part.type === 'reasoning') {
      const block = toThinkingBlock(part);
      if (block !== undefined) thinking.push(block);
    } else if (part.type === 'text') {
      // The API refuses empty text blocks.
      if (part.text !== '') text.push({ type: 'text', text: part.text });
    } else {
      throw anthropicError(
        `An assistant message holds ${part.type === 'image' ? 'an image' : 'a file'}, which the Messages API takes only from the user or a tool.`,
      );
    }
  }
  return [...thinking, ...text, ...(message.toolCalls ?? []).map(toToolUseBlock)];
}

/**
 * A call as a `tool_use` block. Its arguments are sent back as the JSON object they are; arguments
 * that are not one (a call cut off at `max_tokens`) go back as `{}`: the call's result, an error saying
 * the arguments were not valid JSON, tells the model what happened.
 */
function toToolUseBlock(call: ModelToolCall): ContentBlockParam {
  return { type: 'tool_use', id: call.id, name: call.name, input: argumentsObject(call.arguments) };
}

function argumentsObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toolResultBlock(message: ToolMessage): ToolResultBlockParam {
  const block: ToolResultBlockParam = { type: 'tool_result', tool_use_id: message.toolCallId };
  const content = toolResultContent(message);
  if (content !== undefined) block.content = content;
  if (message.isError === true) block.is_error = true;
  return block;
}

function toolResultContent(message: ToolMessage): ToolResultBlockParam['content'] {
  if (typeof message.content === 'string') return message.content === '' ? undefined : message.content;
  const where = `the result of tool '${message.name}'`;
  const blocks = message.content.flatMap((part): NonNullable<Exclude<ToolResultBlockParam['content'], string>> => {
    switch (part.type) {
      case 'text':
        return part.text === '' ? [] : [{ type: 'text', text: part.text }];
      case 'image':
        return [toImageBlock(part, where)];
      case 'file':
        return [toDocumentBlock(part, where)];
      case 'reasoning':
        throw anthropicError(`The result of tool '${message.name}' holds a reasoning part, which only an assistant message may hold.`);
    }
  });
  return blocks.length === 0 ? undefined : blocks;
}
