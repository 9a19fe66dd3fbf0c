import type { ReceivedToolResult } from '../environment/tool-call.js';
import type { FinishReason, Usage } from '../model/chat-model.js';
import type { AssistantMessage, ChatMessage, ModelToolCall } from '../model/messages.js';
import type { RunToolCall } from './run-result.js';
import { addUsage, zeroUsage } from './usage.js';
import { answerCalls } from './answer-calls.js';

/**
 * What one run has said and done so far: the provider-neutral transcript, the executed
 * tool calls and the summed usage.
 * @internal
 */
export class RunTranscript {
  /** The messages, in order. */
  readonly messages: ChatMessage[] = [];
  /** The executed tool calls, in order. */
  readonly toolCalls: RunToolCall[] = [];
  /** The summed usage of the model calls. */
  usage: Usage = { ...zeroUsage };
  /** Why the model stopped its last answer, when the provider said. */
  finishReason?: FinishReason;

  /**
   * @param instructions - the system message, if any
   * @param history - earlier messages (their system messages are dropped)
   * @param input - the user's message
   */
  constructor(instructions: string | undefined, history: readonly ChatMessage[], input: string) {
    if (instructions) this.messages.push({ role: 'system', content: instructions });
    // A history that ends with unanswered calls (an interrupted run's messages) is answered first.
    for (const message of answerCalls(history)) if (message.role !== 'system') this.messages.push(message);
    this.messages.push({ role: 'user', content: input });
  }

  /**
   * Records one model turn.
   * @param message - the assistant message
   * @param usage - its usage, if reported
   */
  addAssistant(message: AssistantMessage, usage: Usage | undefined): void {
    this.messages.push(message);
    this.usage = addUsage(this.usage, usage);
  }

  /**
   * Records the answers to one turn's calls, one tool message per call, in order.
   * @param calls - the turn's calls
   * @param results - their results, in the same order
   */
  addResults(calls: readonly ModelToolCall[], results: readonly ReceivedToolResult[]): void {
    calls.forEach((call, index) => {
      const result = results[index]!;
      this.messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: result.content, isError: result.isError });
      this.toolCalls.push({ id: call.id, name: call.name, arguments: call.arguments, result });
    });
  }

  /**
   * Answers calls that were not executed (the run stopped first), so the transcript stays valid to
   * send back to a model as history: every tool call of an assistant message has its answer.
   * @param calls - the calls not executed
   * @param reason - why, for the model
   */
  addNotExecuted(calls: readonly ModelToolCall[], reason: string): void {
    for (const call of calls)
      this.messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: `Error: not executed: ${reason}`, isError: true });
  }

  /**
   * A transcript continued from a saved run state.
   * @param messages - the messages so far
   * @param toolCalls - the executed tool calls so far
   * @param usage - the usage so far
   * @param finishReason - the last finish reason, if any
   * @returns the transcript, appending to copies of the arrays
   */
  static restore(
    messages: readonly ChatMessage[],
    toolCalls: readonly RunToolCall[],
    usage: Usage,
    finishReason?: FinishReason,
  ): RunTranscript {
    const transcript = new RunTranscript(undefined, [], '');
    transcript.messages.length = 0;
    transcript.messages.push(...messages);
    transcript.toolCalls.push(...toolCalls);
    transcript.usage = { ...usage };
    if (finishReason !== undefined) transcript.finishReason = finishReason;
    return transcript;
  }

  /** The text of the last assistant message, or `''`. */
  get lastAssistantText(): string {
    for (let index = this.messages.length - 1; index >= 0; index--) {
      const message = this.messages[index]!;
      if (message.role === 'assistant') return message.content ?? '';
    }
    return '';
  }
}
