import type { ReceivedToolResult } from '../environment/tool-call.js';
import type { FinishReason, Usage } from '../model/chat-model.js';
import type { AssistantMessage, ChatMessage, ModelToolCall } from '../model/messages.js';
import type { RunToolCall } from './run-result.js';
import type { RunRecord } from './run/run-record.js';
import type { RecordedResult } from './run/run-record.js';
import { addUsage } from './usage.js';
import { contentText } from '../results/content-text.js';
import { answerCalls } from './answer-calls.js';
import type { ToolCallRepair } from './repair/tool-call-repair.js';

/**
 * What one run has said and done so far, written straight into its record: the provider-neutral
 * transcript, the executed tool calls (their full results, `value` and `error`, kept in memory for
 * this process) and the summed usage.
 * @internal
 */
export class RunTranscript {
  /**
   * Full results of the calls answered in this process, by call id (their `value` and `error` are not
   * saved): the first one alone (most runs make one call), a map once there are more.
   */
  private fullResults: Map<string, ReceivedToolResult> | ReceivedToolResult | undefined;
  /** How calls made in this process were repaired, by call id (not saved, like the full results). */
  private repairs: Map<string, ToolCallRepair> | undefined;

  /** @param record - the run's record (its messages, tool calls, usage and finish reason) */
  constructor(private readonly record: RunRecord) {}

  /**
   * Starts a new run's transcript.
   * @param record - the new run's record
   * @param instructions - the system message, if any
   * @param history - earlier messages (their system messages are dropped)
   * @param input - the user's message
   */
  static start(record: RunRecord, instructions: string | undefined, history: readonly ChatMessage[], input: string): void {
    const { messages } = record;
    if (instructions) messages.push({ role: 'system', content: instructions });
    // A history that ends with unanswered calls (an interrupted run's messages) is answered first.
    const answered = answerCalls(history);
    for (let index = 0; index < answered.length; index++) {
      const message = answered[index]!;
      if (message.role !== 'system') messages.push(message);
    }
    messages.push({ role: 'user', content: input });
  }

  /** The messages, in order (the record's own array). */
  get messages(): ChatMessage[] {
    return this.record.messages;
  }

  /** The summed usage of the model calls. */
  get usage(): Usage {
    return this.record.usage;
  }

  /** Why the model stopped its last answer, when the provider said. */
  get finishReason(): FinishReason | undefined {
    return this.record.finishReason;
  }

  /**
   * Records one model turn.
   * @param message - the assistant message
   * @param usage - its usage, if reported
   * @param finishReason - why the model stopped, if it said
   */
  addAssistant(message: AssistantMessage, usage: Usage | undefined, finishReason: FinishReason | undefined): void {
    const { record } = this;
    record.messages.push(message);
    if (usage !== undefined) record.usage = addUsage(record.usage, usage);
    if (finishReason !== undefined) record.finishReason = finishReason;
    else if (record.finishReason !== undefined) delete record.finishReason;
  }

  /**
   * Keeps a call's full result (value and error) for `run.toolCalls` of this process.
   * @param result - the result
   */
  receive(result: ReceivedToolResult): void {
    const kept = this.fullResults;
    if (kept === undefined || (!(kept instanceof Map) && kept.id === result.id)) this.fullResults = result;
    else if (kept instanceof Map) kept.set(result.id, result);
    else
      this.fullResults = new Map([
        [kept.id, kept],
        [result.id, result],
      ]);
  }

  /**
   * @param id - a call's id
   * @returns its full result, when it was answered in this process
   */
  received(id: string): ReceivedToolResult | undefined {
    const kept = this.fullResults;
    if (kept === undefined) return undefined;
    if (kept instanceof Map) return kept.get(id);
    return kept.id === id ? kept : undefined;
  }

  /**
   * Keeps how a call was repaired (`repairToolCall`, `repairJson`) for `run.toolCalls` of this process.
   * @param id - the call's id
   * @param repair - what mended it and the call as the model sent it
   */
  repaired(id: string, repair: ToolCallRepair): void {
    (this.repairs ??= new Map()).set(id, repair);
  }

  /**
   * Records the answers to one turn's calls, one tool message per call, in order.
   * @param calls - the turn's calls
   * @param results - their results (what the model is sent), in the same order
   */
  addResults(calls: readonly ModelToolCall[], results: readonly RecordedResult[]): void {
    const { record } = this;
    const { messages } = record;
    for (let index = 0; index < calls.length; index++) {
      const call = calls[index]!;
      const { content, isError, parts } = results[index]!;
      let executed: RunRecord['toolCalls'][number];
      if (parts === undefined) {
        messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content, isError });
        executed = { id: call.id, name: call.name, arguments: call.arguments, result: { content, isError } };
      } else {
        messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: parts.slice(), isError });
        executed = { id: call.id, name: call.name, arguments: call.arguments, result: { content, isError, parts } };
      }
      // The run's first call: a list of one (a push to an empty list reserves 17 slots; most runs make one call).
      if (record.toolCalls.length === 0) record.toolCalls = [executed];
      else record.toolCalls.push(executed);
    }
  }

  /**
   * Answers calls that were not executed (the run stopped first), so the transcript stays valid to
   * send back to a model as history: every tool call of an assistant message has its answer.
   * @param calls - the calls not executed
   * @param reason - why, for the model
   */
  addNotExecuted(calls: readonly ModelToolCall[], reason: string): void {
    for (const call of calls)
      this.record.messages.push({
        role: 'tool',
        toolCallId: call.id,
        name: call.name,
        content: `Error: not executed: ${reason}`,
        isError: true,
      });
  }

  /** @returns the executed tool calls, with their full results (and repairs) where this process has them */
  toolCalls(): RunToolCall[] {
    const { repairs } = this;
    const recorded = this.record.toolCalls;
    // Sized at once, each call built whole (no iterator, no spread of an empty object).
    const calls = new Array<RunToolCall>(recorded.length);
    for (let index = 0; index < recorded.length; index++) {
      const { id, name, arguments: args, result } = recorded[index]!;
      const call: RunToolCall = { id, name, arguments: args, result: this.received(id) ?? savedResult(id, name, result) };
      const repair = repairs?.get(id);
      if (repair !== undefined) call.repair = repair;
      calls[index] = call;
    }
    return calls;
  }

  /** The text of the last assistant message, or `''`. */
  get lastAssistantText(): string {
    const { messages } = this.record;
    for (let index = messages.length - 1; index >= 0; index--) {
      const message = messages[index]!;
      if (message.role === 'assistant') return contentText(message.content);
    }
    return '';
  }
}

/** A call's result as saved (a resumed run's call, whose full result this process does not have). */
function savedResult(id: string, name: string, result: RecordedResult): ReceivedToolResult {
  const { content, isError, parts } = result;
  return parts === undefined ? { id, name, content, isError } : { id, name, content, isError, parts };
}
