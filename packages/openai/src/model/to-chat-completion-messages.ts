import {
  contentText,
  ModelCallError,
  partData,
  type ChatMessage,
  type ContentPart,
  type ModelToolCall,
  type ToolMessage,
} from '@toolcraft/core';
import type {
  ChatCompletionContentPart,
  ChatCompletionContentPartText,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { dataUrl } from './data-url.js';

/**
 * Maps the provider-neutral transcript to Chat Completions messages: assistant tool
 * calls become `tool_calls` (id, function name, JSON argument string) and tool results
 * become `tool` messages answering their `tool_call_id`. A user's image and file parts become
 * `image_url` and `file` parts; an assistant's reasoning parts are left out (Chat Completions takes
 * none back); a tool result may hold text parts only.
 * @param messages - the provider-neutral transcript
 * @returns the `messages` parameter of a Chat Completions request
 * @throws ModelCallError (not retryable) for a tool result with an image or a file, naming the tool
 */
export function toChatCompletionMessages(messages: readonly ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user':
        return { role: 'user', content: typeof message.content === 'string' ? message.content : message.content.map(toUserPart) };
      case 'assistant': {
        const content = typeof message.content === 'string' || message.content === null ? message.content : contentText(message.content);
        return message.toolCalls !== undefined && message.toolCalls.length > 0
          ? { role: 'assistant', content, tool_calls: message.toolCalls.map(toFunctionToolCall) }
          : { role: 'assistant', content: content ?? '' };
      }
      case 'tool':
        return { role: 'tool', tool_call_id: message.toolCallId, content: toolContent(message) };
    }
  });
}

function toUserPart(part: ContentPart): ChatCompletionContentPart {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return { type: 'image_url', image_url: { url: dataUrl(part.data, part.mediaType) } };
    case 'file':
      if (partData(part.data).kind === 'url')
        throw new ModelCallError(`OpenAI Chat Completions takes a user's file as base64 data, not a URL (${String(part.data)}).`, {
          retryable: false,
          provider: 'openai',
        });
      return {
        type: 'file',
        file: { file_data: dataUrl(part.data, part.mediaType), ...(part.filename !== undefined ? { filename: part.filename } : {}) },
      };
    case 'reasoning':
      throw new ModelCallError('A user message holds a reasoning part, which only an assistant message may hold.', {
        retryable: false,
        provider: 'openai',
      });
  }
}

function toolContent(message: ToolMessage): string | ChatCompletionContentPartText[] {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part): ChatCompletionContentPartText => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    throw new ModelCallError(
      `Tool '${message.name}' answered with ${part.type === 'image' ? 'an image' : `a ${part.type} part`}, ` +
        'but OpenAI Chat Completions takes only text in a tool result: use OpenAIResponsesModel, or format the result as text.',
      { retryable: false, provider: 'openai' },
    );
  });
}

function toFunctionToolCall(call: ModelToolCall): ChatCompletionMessageFunctionToolCall {
  return { id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } };
}
