import type { ChatMessage } from '../model/messages.js';
import type { MemoryStrategy, MemoryWindow } from '../agent/memory-strategy.js';
import { InvalidMemoryOptionsError } from '../errors/invalid-memory-options-error.js';
import { safeStart, splitSystem, wholeNumber } from './window-start.js';

/** Options of a {@link SlidingWindowMemory}. */
export interface SlidingWindowMemoryOptions {
  /** The most messages sent besides the system message. */
  maxMessages: number;
}

/** A {@link SlidingWindowMemory} as JSON. */
export interface SlidingWindowMemoryJSON {
  type: 'sliding-window';
  maxMessages: number;
}

/**
 * Sends the system message plus the last `maxMessages` messages (seed 002's sliding window). The
 * window never starts with a tool result whose call it left out: it starts after such results, or,
 * when only the latest turn's results would remain, with the assistant message that called them
 * (then it holds more than `maxMessages`).
 * @example
 * new Agent({ model, registry, memory: new SlidingWindowMemory({ maxMessages: 20 }) });
 */
export class SlidingWindowMemory implements MemoryStrategy {
  /** The most messages sent besides the system message. */
  readonly maxMessages: number;

  /**
   * @param options - `maxMessages`
   * @throws InvalidMemoryOptionsError when `maxMessages` is not a whole number of at least 1
   */
  constructor(options: SlidingWindowMemoryOptions) {
    this.maxMessages = wholeNumber('SlidingWindowMemory', 'maxMessages', options?.maxMessages, 1);
  }

  /**
   * @param json - what `toJSON` gave
   * @returns the strategy
   * @throws InvalidMemoryOptionsError when it is not a sliding window's JSON
   */
  static fromJSON(json: unknown): SlidingWindowMemory {
    const value = json as Partial<SlidingWindowMemoryJSON> | null;
    if (value?.type !== 'sliding-window')
      throw new InvalidMemoryOptionsError('SlidingWindowMemory', 'type', value?.type, "'sliding-window'");
    return new SlidingWindowMemory({ maxMessages: value.maxMessages! });
  }

  /**
   * @param messages - the transcript
   * @returns the system message and the last messages
   */
  select(messages: readonly ChatMessage[]): MemoryWindow {
    const { system, rest } = splitSystem(messages);
    if (rest.length <= this.maxMessages) return { messages: messages.slice() };
    return { messages: [...system, ...rest.slice(safeStart(rest, rest.length - this.maxMessages))] };
  }

  /** @returns `{ type: 'sliding-window', maxMessages }` */
  toJSON(): SlidingWindowMemoryJSON {
    return { type: 'sliding-window', maxMessages: this.maxMessages };
  }
}
