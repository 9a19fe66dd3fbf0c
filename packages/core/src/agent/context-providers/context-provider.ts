import type { ReadonlyAgentContext } from '../../context/readonly-agent-context.js';
import type { ChatMessage } from '../../model/messages.js';

/** What a context provider adds to one model call: instructions, messages, or both. */
export interface ProvidedContext {
  /** Added to the system instructions of this call (after the agent's). */
  instructions?: string;
  /**
   * Sent after the instructions and before the conversation, in this call only: system, user or
   * assistant messages (no tool calls or tool results; anything else fails the run with a
   * `ContextProviderError` naming the provider).
   */
  messages?: ChatMessage[];
}

/** What a context provider is given: the run's id, agent and read-only state, the transcript, and a signal. */
export interface ContextProviderContext extends ReadonlyAgentContext {
  /** The messages the model is about to be sent: a frozen copy (changing it changes no transcript). */
  readonly messages: readonly ChatMessage[];
  /** Aborts when the run stops or the provider's time is up. */
  readonly signal: AbortSignal;
}

/**
 * Adds instructions or messages before each model call (Microsoft Agent Framework's context
 * providers): the shell's working directory, the user's profile, retrieved documents. What it adds
 * is sent with that call only: never stored in the transcript, the session or a saved state.
 * @example
 * const clock: ContextProvider = { name: 'clock', provide: () => ({ instructions: `Now: ${new Date().toISOString()}` }) };
 */
export interface ContextProvider {
  /** Its name, in errors. */
  readonly name: string;
  /** @returns what to add to this model call, or nothing */
  provide(context: ContextProviderContext): ProvidedContext | undefined | Promise<ProvidedContext | undefined>;
  /** The longest `provide` may take, in ms (default 10,000; never past the run's own time limit). */
  readonly timeoutMs?: number;
}
