import type { ChatMessage } from '../model/messages.js';
import { contentText } from '../results/content-text.js';

/**
 * A transcript as plain text for a summarizer: one line per message, tool calls and results named.
 * @param messages - the messages
 * @returns the text
 */
export function conversationText(messages: readonly ChatMessage[]): string {
  return messages
    .map((message) => {
      switch (message.role) {
        case 'assistant': {
          const calls = (message.toolCalls ?? []).map((call) => `[called ${call.name}(${call.arguments})]`).join(' ');
          return `assistant: ${[contentText(message.content), calls].filter(Boolean).join(' ')}`;
        }
        case 'tool':
          return `tool ${message.name} result${message.isError ? ' (error)' : ''}: ${contentText(message.content)}`;
        default:
          return `${message.role}: ${contentText(message.content)}`;
      }
    })
    .join('\n');
}
