import type { UIMessageChunk } from 'ai';
import {
  contentText,
  type AgentEvent,
  type AssistantMessage,
  type Interruption,
  type ReceivedToolResult,
  type RunResult,
} from '@toolcraft/core';
import type { EventTranslator } from '../shared/event-translator.js';
import { asJsonData } from '../shared/json-value.js';
import { errorTextOf } from '../shared/masked-error.js';
import { parseArguments } from '../shared/parse-arguments.js';
import { uiFinishReason } from './finish-reason.js';
import type { UIMessageStreamOptions } from './ui-message-stream-options.js';

/**
 * The AI SDK UI message stream of one run: one assistant message, a step per model turn (its text,
 * reasoning, tool calls and their results), approval requests for the calls that wait, then `finish`.
 * Events of nested runs (an `AgentTool`'s agent) stay out of the message: their calls that wait
 * reach it through the run's interruptions. A resumed run's stream continues the client's last
 * message (as the AI SDK's does after approvals): the calls it answers first are already there, and
 * get their outputs. @internal
 */
export class UIMessageTranslator implements EventTranslator<UIMessageChunk> {
  private stepOpen = false;
  private stepAnswered = false;
  private textId: string | undefined;
  private parts = 0;
  /** The calls the message shows, by id: their tool names. */
  private readonly announced = new Map<string, string>();

  constructor(private readonly options: UIMessageStreamOptions = {}) {}

  start(): UIMessageChunk[] {
    return [this.options.messageId === undefined ? { type: 'start' } : { type: 'start', messageId: this.options.messageId }];
  }

  next(event: AgentEvent): UIMessageChunk[] {
    if (event.parentRunId !== undefined) return [];
    const chunks: UIMessageChunk[] = [];
    switch (event.type) {
      case 'text_delta':
        this.turn(chunks);
        if (this.textId === undefined) chunks.push({ type: 'text-start', id: (this.textId = this.partId('text')) });
        chunks.push({ type: 'text-delta', id: this.textId, delta: event.delta });
        break;
      case 'message':
        this.turn(chunks);
        this.message(event.message, chunks);
        this.stepAnswered = true;
        break;
      case 'tool_call_started':
        // A call started before any turn of this stream is one of the batch a resumed run answers:
        // the client's message shows it already (with the arguments it approved), and gets its output.
        break;
      case 'tool_progress':
        chunks.push({ type: 'data-tool-progress', id: event.callId, transient: true, data: this.progressOf(event) });
        break;
      case 'tool_call_completed':
        this.result(event.callId, event.result, chunks);
        break;
      case 'handoff':
        chunks.push({ type: 'data-handoff', transient: true, data: { from: event.agentName, to: event.to } });
        break;
      case 'interruption':
        break;
      case 'run_completed':
        this.finish(event.result, chunks);
        break;
    }
    return chunks;
  }

  end(): UIMessageChunk[] {
    return this.close([]);
  }

  fail(error: unknown): UIMessageChunk[] {
    return [...this.close([]), { type: 'error', errorText: errorTextOf(error, this.options.onError) }];
  }

  /** A new step when the previous one has its answer (a message), and the first step. */
  private turn(chunks: UIMessageChunk[]): void {
    if (this.stepOpen && !this.stepAnswered) return;
    this.close(chunks);
    chunks.push({ type: 'start-step' });
    this.stepOpen = true;
    this.stepAnswered = false;
  }

  private message(message: AssistantMessage, chunks: UIMessageChunk[]): void {
    const text = contentText(message.content);
    if (this.textId === undefined && text !== '') {
      const id = this.partId('text');
      chunks.push({ type: 'text-start', id }, { type: 'text-delta', id, delta: text });
      this.textId = id;
    }
    this.endText(chunks);
    if (this.options.sendReasoning !== false && Array.isArray(message.content)) {
      for (const part of message.content) {
        if (part.type !== 'reasoning' || part.text === '') continue;
        const id = this.partId('reasoning');
        chunks.push({ type: 'reasoning-start', id }, { type: 'reasoning-delta', id, delta: part.text }, { type: 'reasoning-end', id });
      }
    }
    for (const call of message.toolCalls ?? []) this.announce(call.id, call.name, call.arguments, chunks);
  }

  private announce(callId: string, toolName: string, args: string, chunks: UIMessageChunk[]): void {
    this.announced.set(callId, toolName);
    const dynamic = this.options.dynamicTools === true ? { dynamic: true } : {};
    chunks.push({ type: 'tool-input-start', toolCallId: callId, toolName, ...dynamic });
    const input = parseArguments(args);
    if (input.ok) chunks.push({ type: 'tool-input-available', toolCallId: callId, toolName, input: input.value, ...dynamic });
    else
      chunks.push({
        type: 'tool-input-error',
        toolCallId: callId,
        toolName,
        input: args,
        errorText: `The arguments are not JSON: ${input.error}`,
        ...dynamic,
      });
  }

  private result(callId: string, result: ReceivedToolResult, chunks: UIMessageChunk[]): void {
    // A call that waits (a credential, an agent that paused) has no result yet: its interruption says what it waits for.
    if (result.paused === true) return;
    const dynamic = this.options.dynamicTools === true ? { dynamic: true } : {};
    if (result.isError) chunks.push({ type: 'tool-output-error', toolCallId: callId, errorText: result.content, ...dynamic });
    else chunks.push({ type: 'tool-output-available', toolCallId: callId, output: this.outputOf(result), ...dynamic });
  }

  private finish(result: RunResult, chunks: UIMessageChunk[]): void {
    this.close(chunks);
    for (const item of result.interruptions) this.interruption(item, chunks);
    if (result.stopReason === 'aborted') {
      chunks.push({ type: 'abort', reason: 'The run was aborted.' });
      return;
    }
    const metadata = this.options.messageMetadata?.(result);
    chunks.push({ type: 'finish', finishReason: uiFinishReason(result), ...(metadata === undefined ? {} : { messageMetadata: metadata }) });
  }

  /** An approval is an AI SDK approval request; a declaration-only call is a client-side tool call (answered with `addToolOutput`); a credential request a data part. */
  private interruption(item: Interruption, chunks: UIMessageChunk[]): void {
    if (!this.announced.has(item.callId)) this.announce(item.callId, item.toolName, item.arguments, chunks);
    if (item.kind === 'approval') chunks.push({ type: 'tool-approval-request', approvalId: item.callId, toolCallId: item.callId });
    else if (item.kind === 'credential')
      chunks.push({
        type: 'data-credential-request',
        id: item.callId,
        data: { callId: item.callId, toolName: item.toolName, request: asJsonData(item.request) ?? { key: item.request.key } },
      });
  }

  /** Ends the open text part and step. */
  private close(chunks: UIMessageChunk[]): UIMessageChunk[] {
    this.endText(chunks);
    if (this.stepOpen) chunks.push({ type: 'finish-step' });
    this.stepOpen = false;
    return chunks;
  }

  private endText(chunks: UIMessageChunk[]): void {
    if (this.textId === undefined) return;
    chunks.push({ type: 'text-end', id: this.textId });
    this.textId = undefined;
  }

  private outputOf(result: ReceivedToolResult): unknown {
    if (this.options.toolOutput !== undefined) return this.options.toolOutput(result);
    return (result.value === undefined ? undefined : asJsonData(result.value)) ?? result.content;
  }

  private progressOf(event: Extract<AgentEvent, { type: 'tool_progress' }>): Record<string, unknown> {
    return {
      callId: event.callId,
      toolName: event.toolName,
      done: event.done,
      ...(event.total === undefined ? {} : { total: event.total }),
      ...(event.message === undefined ? {} : { message: event.message }),
    };
  }

  private partId(kind: string): string {
    this.parts += 1;
    return `${kind}-${this.parts}`;
  }
}
