import type { ContentBlock, Message, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { anthropicError } from './anthropic-provider.js';
import type { ReceivedMessage } from './from-anthropic-message.js';

/**
 * Assembles the events of a streamed message into the message `complete` would have received:
 * `message_start` gives the message, `content_block_start`/`_delta`/`_stop` its blocks (text,
 * `thinking` with its `signature_delta`, a `tool_use` input from its `input_json_delta`s, kept as the
 * text the model wrote), `message_delta` the stop reason and the usage (cumulative counts: a count
 * given replaces the one before), `message_stop` its end. `ping`s never reach it (the client skips
 * them); an `error` event is thrown by the client as an `APIError`.
 */
export class MessageAccumulator {
  private message?: Message;
  private readonly inputTexts: Array<string | undefined> = [];
  private stopped = false;

  /**
   * Adds one event.
   * @param event - the event
   * @returns the new answer text it carries, if any (a `text_delta`)
   * @throws ModelCallError for a content event before `message_start`
   */
  add(event: RawMessageStreamEvent): string | undefined {
    if (event.type === 'message_start') {
      this.message = { ...event.message, content: [...(event.message.content ?? [])], usage: { ...event.message.usage } };
      return undefined;
    }
    const message = this.message;
    if (message === undefined) throw anthropicError(`Anthropic's stream sent '${String(event.type)}' before 'message_start'.`);
    switch (event.type) {
      case 'content_block_start':
        message.content[event.index] = { ...event.content_block } as ContentBlock;
        return undefined;
      case 'content_block_delta':
        return this.delta(message, event);
      case 'content_block_stop':
        this.closeToolInput(message, event.index);
        return undefined;
      case 'message_delta':
        this.messageDelta(message, event);
        return undefined;
      case 'message_stop':
        this.stopped = true;
        return undefined;
      default:
        return undefined;
    }
  }

  /** Whether `message_stop` arrived: without it, the stream was cut before the answer's end. */
  get finished(): boolean {
    return this.stopped;
  }

  /** The message the events make up, with each streamed tool input's text. */
  received(): ReceivedMessage {
    if (this.message === undefined) throw anthropicError("Anthropic's stream ended without 'message_start'.");
    return { message: this.message, inputTexts: this.inputTexts };
  }

  private delta(message: Message, event: Extract<RawMessageStreamEvent, { type: 'content_block_delta' }>): string | undefined {
    const block = message.content[event.index];
    const { delta } = event;
    switch (delta.type) {
      case 'text_delta':
        if (block?.type !== 'text') return undefined;
        block.text += delta.text;
        return delta.text === '' ? undefined : delta.text;
      case 'thinking_delta':
        if (block?.type === 'thinking') block.thinking += delta.thinking;
        return undefined;
      case 'signature_delta':
        if (block?.type === 'thinking') block.signature = delta.signature;
        return undefined;
      case 'input_json_delta':
        this.inputTexts[event.index] = (this.inputTexts[event.index] ?? '') + delta.partial_json;
        return undefined;
      case 'citations_delta':
        if (block?.type === 'text') block.citations = [...(block.citations ?? []), delta.citation];
        return undefined;
      default:
        return undefined;
    }
  }

  /** A finished tool input also becomes the block's `input` (an object: `{}` when its text is no JSON object), for sending the block back. */
  private closeToolInput(message: Message, index: number): void {
    const block = message.content[index];
    const text = this.inputTexts[index];
    if (block === undefined || !('input' in block) || text === undefined) return;
    let input: unknown = {};
    try {
      input = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      input = {};
    }
    (block as { input: unknown }).input = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  }

  private messageDelta(message: Message, event: Extract<RawMessageStreamEvent, { type: 'message_delta' }>): void {
    message.stop_reason = event.delta.stop_reason;
    message.stop_sequence = event.delta.stop_sequence;
    if (event.delta.stop_details !== undefined) message.stop_details = event.delta.stop_details;
    const { usage } = event;
    if (usage === undefined || usage === null) return;
    if (usage.output_tokens != null) message.usage.output_tokens = usage.output_tokens;
    if (usage.input_tokens != null) message.usage.input_tokens = usage.input_tokens;
    if (usage.cache_creation_input_tokens != null) message.usage.cache_creation_input_tokens = usage.cache_creation_input_tokens;
    if (usage.cache_read_input_tokens != null) message.usage.cache_read_input_tokens = usage.cache_read_input_tokens;
    if (usage.output_tokens_details != null) message.usage.output_tokens_details = usage.output_tokens_details;
  }
}
