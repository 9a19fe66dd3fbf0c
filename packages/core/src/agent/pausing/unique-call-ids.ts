import type { AssistantMessage } from '../../model/messages.js';

/**
 * The model's message with unique call ids: a repeated id gets a suffix (`c1`, `c1~2`), so every call
 * has its own answer and its own decision in a paused run. The message itself when the ids are unique.
 * @param message - the model's message
 * @returns the message, ids made unique
 */
export function withUniqueCallIds(message: AssistantMessage): AssistantMessage {
  const calls = message.toolCalls;
  if (calls === undefined || calls.length < 2) return message;
  const seen = new Set<string>();
  let repeated = false;
  for (const call of calls) {
    if (seen.has(call.id)) repeated = true;
    seen.add(call.id);
  }
  if (!repeated) return message;
  const used = new Set<string>();
  const toolCalls = calls.map((call) => {
    let id = call.id;
    for (let copy = 2; used.has(id); copy++) id = `${call.id}~${copy}`;
    used.add(id);
    return id === call.id ? call : { ...call, id };
  });
  return { ...message, toolCalls };
}
