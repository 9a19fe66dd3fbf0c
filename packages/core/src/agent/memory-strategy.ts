import type { Usage } from '../model/chat-model.js';
import type { ChatMessage } from '../model/messages.js';

/** What a memory strategy is given besides the messages: the run's signal and time left. */
export interface MemoryWindowContext {
  /** The run's signal (its caller's abort and its `maxDurationMs`); pass it to any model call. */
  signal: AbortSignal;
  /** The time left before the run's `maxDurationMs`, in ms. */
  remainingMs: number;
}

/** The messages a memory strategy chose to send, and what choosing them cost. */
export interface MemoryWindow {
  /** The messages to send to the model. */
  messages: ChatMessage[];
  /** The usage of any model call the strategy made (a summarizer's). */
  usage?: Usage;
  /** Why the strategy fell back (e.g. the summarizer failed and the unsummarized window was sent). */
  failure?: unknown;
}

/**
 * Chooses what the model is sent of a long transcript (the agent's `memory` option):
 * `SlidingWindowMemory`, `SummarizingMemory` or your own. The transcript itself (`run.messages`,
 * the session) always keeps every message. A window must keep the system message and never send a
 * tool result without the assistant message that called it (nor a call without its result).
 */
export interface MemoryStrategy {
  /**
   * @param messages - the whole transcript about to be sent (system message first, if any)
   * @param context - the run's signal and time left
   * @returns the window to send
   */
  select(messages: readonly ChatMessage[], context: MemoryWindowContext): MemoryWindow | Promise<MemoryWindow>;
  /** The strategy's settings and accumulated state, as JSON (its class's `fromJSON` restores it). */
  toJSON(): unknown;
}

/** What a run's memory strategy did: added to the result as `run.memory`. */
export interface MemoryReport {
  /** The usage of the strategy's own model calls (a summarizer's), apart from `run.usage`. */
  usage: Usage;
  /** Failures the run went on after, sending the unsummarized window (a summarizer that failed). */
  failures: unknown[];
}
