import type { ReceivedToolResult } from '@toolcraft/core';
import { ToolMessage, type MessageContent } from '@langchain/core/messages';
import type { ToolRunnableConfig } from '@langchain/core/tools';
import { resultContent } from './result-content.js';

/**
 * What a toolcraft tool answers LangChain: for a call with a tool call id, a `ToolMessage` of that
 * id (`status: 'error'` for an error result); else the content (error results included, as the
 * model would read them).
 * @param result - the environment's result
 * @param name - the tool's name
 * @param config - LangChain's config for the call
 * @returns the message or the content
 */
export function respond(result: ReceivedToolResult, name: string, config: ToolRunnableConfig): MessageContent | ToolMessage {
  const content = resultContent(result);
  const id = config.toolCall?.id;
  if (typeof id !== 'string' || id === '') return content;
  return new ToolMessage({ content, tool_call_id: id, name, status: result.isError ? 'error' : 'success' });
}
