import type { ChatMessage } from '../model/messages.js';
import { InvalidMemoryOptionsError } from '../errors/invalid-memory-options-error.js';

/**
 * Splits the leading system messages (the instructions) from the conversation.
 * @param messages - the transcript
 * @returns the system messages and the rest
 */
export function splitSystem(messages: readonly ChatMessage[]): { system: ChatMessage[]; rest: ChatMessage[] } {
  let count = 0;
  while (count < messages.length && messages[count]!.role === 'system') count++;
  return { system: messages.slice(0, count), rest: messages.slice(count) };
}

/**
 * Where a window of the conversation may start at or near `start` without sending a tool result
 * whose call was left out: past those results (the window gets shorter), or, when only results follow,
 * back to the assistant message that called them (the window gets longer).
 * @param rest - the conversation, without the system messages
 * @param start - the wished start
 * @returns the safe start
 */
export function safeStart(rest: readonly ChatMessage[], start: number): number {
  if (start <= 0) return 0;
  if (start >= rest.length) return rest.length;
  let forward = start;
  while (forward < rest.length && rest[forward]!.role === 'tool') forward++;
  if (forward < rest.length) return forward;
  let backward = start;
  while (backward > 0 && rest[backward]!.role === 'tool') backward--;
  return backward;
}

/**
 * @param strategy - the strategy's class
 * @param option - the option's name
 * @param value - its value
 * @param minimum - the least allowed
 * @returns the value
 * @throws InvalidMemoryOptionsError when it is not a whole number of at least `minimum`
 */
export function wholeNumber(strategy: string, option: string, value: unknown, minimum: number): number {
  if (!Number.isSafeInteger(value) || (value as number) < minimum)
    throw new InvalidMemoryOptionsError(strategy, option, value, `a whole number of at least ${minimum}`);
  return value as number;
}
