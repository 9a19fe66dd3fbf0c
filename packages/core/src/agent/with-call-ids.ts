import { generateCallId } from '../environment/call-ids.js';
import type { AssistantMessage } from './messages.js';

/**
 * Normalises a model's assistant message for the transcript: `content` is a string or
 * `null`, and every tool call has an id (a generated one when the model sent none), so each
 * tool message can answer its call by id.
 * @param message - the message as the model returned it
 * @returns the same message, or a copy with ids filled in
 */
export function withCallIds(message: AssistantMessage): AssistantMessage {
  const content = message.content ?? null;
  const calls = message.toolCalls;
  const complete = calls === undefined || calls.every((call) => typeof call.id === 'string' && call.id !== '');
  if (complete && content === message.content) return message;
  return {
    ...message,
    content,
    ...(calls === undefined ? {} : { toolCalls: calls.map((call) => (call.id ? call : { ...call, id: generateCallId() })) }),
  };
}
