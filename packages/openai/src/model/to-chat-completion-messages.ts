import type { ChatMessage, ModelToolCall } from '@toolcraft/core';
import type { ChatCompletionMessageFunctionToolCall, ChatCompletionMessageParam } from 'openai/resources/chat/completions';

/**
 * Maps the provider-neutral transcript to Chat Completions messages: assistant tool
 * calls become `tool_calls` (id, function name, JSON argument string) and tool results
 * become `tool` messages answering their `tool_call_id`.
 * @param messages - the provider-neutral transcript
 * @returns the `messages` parameter of a Chat Completions request
 */
export function toChatCompletionMessages(messages: readonly ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user':
        return { role: 'user', content: message.content };
      case 'assistant':
        return message.toolCalls !== undefined && message.toolCalls.length > 0
          ? { role: 'assistant', content: message.content, tool_calls: message.toolCalls.map(toFunctionToolCall) }
          : { role: 'assistant', content: message.content ?? '' };
      case 'tool':
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    }
  });
}

function toFunctionToolCall(call: ModelToolCall): ChatCompletionMessageFunctionToolCall {
  return { id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } };
}
