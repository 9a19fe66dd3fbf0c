import type { ChatResponse } from '@toolcraft/core';
import type { ContentBlockParam, MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import { anthropicError } from './anthropic-provider.js';
import { addUsage, fromAnthropicUsage } from './anthropic-usage.js';
import { fromAnthropicMessage, type ReceivedMessage } from './from-anthropic-message.js';

/**
 * One assistant turn over the requests it takes: the API may pause a long turn (`stop_reason:
 * 'pause_turn'`, during server tools), and the turn goes on when the paused content is sent back as the
 * last assistant message. The answer is every request's content in order, with the usage of all of them.
 */
export class TurnInProgress {
  private readonly parts: ReceivedMessage[] = [];

  /**
   * @param body - the turn's first request
   * @param maxContinuations - how many times the turn may be continued
   */
  constructor(
    private readonly body: MessageCreateParamsNonStreaming,
    private readonly maxContinuations: number,
  ) {}

  /**
   * Adds the answer of one request.
   * @param received - the message (and a stream's tool input texts)
   * @returns the next request when the API paused the turn, or undefined when the turn is over
   * @throws ModelCallError (not retryable) when the turn paused more often than allowed
   */
  add(received: ReceivedMessage): MessageCreateParamsNonStreaming | undefined {
    this.parts.push(received);
    if (received.message?.stop_reason !== 'pause_turn') return undefined;
    if (this.parts.length > this.maxContinuations) {
      throw anthropicError(
        `Anthropic paused the turn (stop_reason 'pause_turn') ${this.parts.length} times; the model continues a turn at most ` +
          `${this.maxContinuations} times (maxPauseContinuations).`,
      );
    }
    const content = this.parts.flatMap((part) => part.message.content) as ContentBlockParam[];
    return { ...this.body, messages: [...this.body.messages, { role: 'assistant', content }] };
  }

  /** The whole turn's answer: all content in order, the last request's stop reason, id and model, the usage of all. */
  response(): ChatResponse {
    const last = this.parts.at(-1)!.message;
    if (this.parts.length === 1) return fromAnthropicMessage(this.parts[0]);
    const response = fromAnthropicMessage({
      message: { ...last, content: this.parts.flatMap((part) => part.message.content) },
      inputTexts: this.parts.flatMap((part) => Array.from({ length: part.message.content.length }, (_, index) => part.inputTexts?.[index])),
    });
    const usages = this.parts.flatMap((part) => (part.message.usage == null ? [] : [fromAnthropicUsage(part.message.usage)]));
    if (usages.length > 0) response.usage = usages.reduce(addUsage);
    return response;
  }
}
