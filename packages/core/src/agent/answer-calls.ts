import type { ChatMessage } from '../model/messages.js';

/**
 * The messages with every tool call answered: a call without a tool message gets one saying it was
 * not executed, after the tool messages of its turn, so the messages stay valid to send to a model
 * (providers refuse an assistant tool call without its answer).
 * @param messages - the messages
 * @param reason - why the calls were not executed, for the model
 * @returns the same array when every call is answered, else an answered copy
 */
export function answerCalls(messages: readonly ChatMessage[], reason = 'the run ended first'): readonly ChatMessage[] {
  if (messages.length === 0) return messages;
  const answered = new Set<string>();
  for (const message of messages) if (message.role === 'tool') answered.add(message.toolCallId);
  const missing = messages.some((message) => message.role === 'assistant' && message.toolCalls?.some((call) => !answered.has(call.id)));
  if (!missing) return messages;
  const result: ChatMessage[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    result.push(message);
    if (message.role !== 'assistant' || message.toolCalls === undefined) continue;
    while (index + 1 < messages.length && messages[index + 1]!.role === 'tool') result.push(messages[++index]!);
    for (const call of message.toolCalls)
      if (!answered.has(call.id))
        result.push({ role: 'tool', toolCallId: call.id, name: call.name, content: `Error: not executed: ${reason}.`, isError: true });
  }
  return result;
}
