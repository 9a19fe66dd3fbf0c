import { createHash } from 'node:crypto';
import type { ChatModel, ChatResponse } from '../model/chat-model.js';
import { readMessageText } from '../agent/read-message-text.js';
import type { ChatMessage } from '../model/messages.js';
import type { MemoryStrategy, MemoryWindow, MemoryWindowContext } from '../agent/memory-strategy.js';
import { untilAborted } from '../environment/bounded-await.js';
import { InvalidMemoryOptionsError } from '../errors/invalid-memory-options-error.js';
import { conversationText } from './conversation-text.js';
import { safeStart, splitSystem, wholeNumber } from './window-start.js';

/** Options of a {@link SummarizingMemory}. */
export interface SummarizingMemoryOptions {
  /** The model that writes the summaries (it may be a cheaper one than the agent's). */
  model: ChatModel;
  /** Once more than this many messages would be sent (system message included), the older ones are summarized. */
  threshold: number;
  /** How many of the latest messages are always sent as they are (fewer than `threshold`). */
  keepRecent: number;
  /** The summarizer's instructions; default a request for a short factual summary keeping names, numbers and preferences. */
  instructions?: string;
}

/** A {@link SummarizingMemory} as JSON (without its model). */
export interface SummarizingMemoryJSON {
  type: 'summarizing';
  threshold: number;
  keepRecent: number;
  instructions: string;
  /** The summaries so far, oldest first. */
  summaries: string[];
  /** How many messages of the conversation (system messages apart) the summaries cover. */
  covered: number;
  /** A hash of the covered messages: a different conversation does not reuse the summaries. */
  fingerprint: string;
}

const defaultInstructions =
  'Summarize the conversation below for the assistant who continues it. Keep every fact, name, number, decision, ' +
  'open question and user preference; be brief. Reply with the summary only.';

/**
 * Summarizes older turns with a model (seed 002's summarizing memory): once more than `threshold`
 * messages would be sent, all but the last `keepRecent` (moved so no tool result is parted from its
 * call) are summarized, and the model is sent the system message, one system message with the
 * summaries, and the recent messages. Summaries accumulate: the next time only the newly old messages
 * are summarized, with the earlier summaries as context. The summarizer call is bounded by the run's
 * signal and time; its usage is reported in `run.memory.usage`. A summarizer that fails is reported
 * in `run.memory.failures` and the run goes on with the unsummarized window.
 * One instance per conversation reuses its summaries; a transcript that does not start with the
 * covered messages starts afresh.
 */
export class SummarizingMemory implements MemoryStrategy {
  readonly model: ChatModel;
  readonly threshold: number;
  readonly keepRecent: number;
  readonly instructions: string;
  private summaries: string[] = [];
  private covered = 0;
  private fingerprint = '';

  /**
   * @param options - model, threshold, keepRecent, instructions
   * @throws InvalidMemoryOptionsError for a threshold below 2, or keepRecent not below threshold
   */
  constructor(options: SummarizingMemoryOptions) {
    if (typeof options?.model?.complete !== 'function')
      throw new InvalidMemoryOptionsError('SummarizingMemory', 'model', options?.model, 'a ChatModel (with complete)');
    this.model = options.model;
    this.threshold = wholeNumber('SummarizingMemory', 'threshold', options.threshold, 2);
    this.keepRecent = wholeNumber('SummarizingMemory', 'keepRecent', options.keepRecent, 0);
    if (this.keepRecent >= this.threshold)
      throw new InvalidMemoryOptionsError('SummarizingMemory', 'keepRecent', this.keepRecent, `below threshold (${this.threshold})`);
    this.instructions = options.instructions ?? defaultInstructions;
  }

  /**
   * @param json - what `toJSON` gave
   * @param model - the summarizer model (not part of the JSON)
   * @returns the strategy with its summaries
   * @throws InvalidMemoryOptionsError when it is not a summarizing memory's JSON
   */
  static fromJSON(json: unknown, model: ChatModel): SummarizingMemory {
    const value = json as Partial<SummarizingMemoryJSON> | null;
    if (value?.type !== 'summarizing') throw new InvalidMemoryOptionsError('SummarizingMemory', 'type', value?.type, "'summarizing'");
    const memory = new SummarizingMemory({
      model,
      threshold: value.threshold!,
      keepRecent: value.keepRecent!,
      ...(value.instructions ? { instructions: value.instructions } : {}),
    });
    if (!Array.isArray(value.summaries) || !value.summaries.every((summary) => typeof summary === 'string'))
      throw new InvalidMemoryOptionsError('SummarizingMemory', 'summaries', value.summaries, 'a list of strings');
    memory.summaries = value.summaries.slice();
    memory.covered = wholeNumber('SummarizingMemory', 'covered', value.covered, 0);
    memory.fingerprint = typeof value.fingerprint === 'string' ? value.fingerprint : '';
    return memory;
  }

  /**
   * @param messages - the transcript
   * @param context - the run's signal and time left
   * @returns the window, with the summarizer's usage or its failure
   */
  async select(messages: readonly ChatMessage[], context: MemoryWindowContext): Promise<MemoryWindow> {
    const { system, rest } = splitSystem(messages);
    if (this.covered > rest.length || (this.covered > 0 && fingerprintOf(rest.slice(0, this.covered)) !== this.fingerprint)) this.reset();
    const current = this.window(system, rest, this.covered);
    if (current.length <= this.threshold) return { messages: current };
    const cut = safeStart(rest, rest.length - this.keepRecent);
    if (cut <= this.covered) return { messages: current };
    let text: string;
    let usage;
    try {
      const response = await untilAborted(
        this.model.complete({
          messages: [
            { role: 'system', content: this.instructions },
            { role: 'user', content: this.request(rest.slice(this.covered, cut)) },
          ],
          tools: [],
          signal: context.signal,
        }),
        context.signal,
      );
      text = (readMessageText((response as Partial<ChatResponse> | undefined)?.message?.content) ?? '').trim();
      usage = (response as Partial<ChatResponse> | undefined)?.usage;
      if (text === '') throw new Error('the summarizer model answered with no text');
    } catch (error) {
      if (context.signal.aborted) throw error;
      return { messages: current, failure: error };
    }
    this.summaries.push(text);
    this.covered = cut;
    this.fingerprint = fingerprintOf(rest.slice(0, cut));
    return { messages: this.window(system, rest, cut), ...(usage ? { usage } : {}) };
  }

  /** @returns the settings and the summaries so far */
  toJSON(): SummarizingMemoryJSON {
    return {
      type: 'summarizing',
      threshold: this.threshold,
      keepRecent: this.keepRecent,
      instructions: this.instructions,
      summaries: this.summaries.slice(),
      covered: this.covered,
      fingerprint: this.fingerprint,
    };
  }

  private window(system: ChatMessage[], rest: ChatMessage[], from: number): ChatMessage[] {
    if (this.summaries.length === 0) return [...system, ...rest.slice(from)];
    const summary: ChatMessage = { role: 'system', content: `Summary of the earlier conversation:\n${this.summaries.join('\n\n')}` };
    return [...system, summary, ...rest.slice(from)];
  }

  private request(older: ChatMessage[]): string {
    const earlier = this.summaries.length > 0 ? `Summary so far:\n${this.summaries.join('\n\n')}\n\n` : '';
    return `${earlier}Conversation to summarize:\n${conversationText(older)}`;
  }

  private reset(): void {
    this.summaries = [];
    this.covered = 0;
    this.fingerprint = '';
  }
}

function fingerprintOf(messages: readonly ChatMessage[]): string {
  return createHash('sha256').update(JSON.stringify(messages)).digest('hex');
}
