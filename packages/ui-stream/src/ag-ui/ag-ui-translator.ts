import type { AGUIEvent, RunFinishedOutcome, TokenUsage } from '@ag-ui/core';
import { contentText, type AgentEvent, type AssistantMessage, type RunResult } from '@toolcraft/core';
import type { EventTranslator } from '../shared/event-translator.js';
import { asJsonData } from '../shared/json-value.js';
import { errorTextOf } from '../shared/masked-error.js';
import { toAGUIInterrupt } from './ag-ui-interrupt.js';
import { AGUIType } from './ag-ui-event-types.js';
import type { AGUIEventsOptions } from './ag-ui-options.js';
import { statePatch } from './state-patch.js';

/** Where an event belongs: the run's own events have no subagent; a nested run's carry its id. */
type Scope = { subagentRunId?: string };

/**
 * The AG-UI events of one run: `RUN_STARTED`, each model turn's text (`TEXT_MESSAGE_*`), reasoning
 * (`REASONING_*`) and tool calls (`TOOL_CALL_START`/`ARGS`/`END`, then `TOOL_CALL_RESULT`), nested
 * runs as subagents (`SUBAGENT_STARTED`/`FINISHED`, their events carrying `subagentRunId`), the
 * state's changes (`STATE_DELTA`), then `RUN_FINISHED` (an `interrupt` outcome for a run that waits)
 * or `RUN_ERROR`. @internal
 */
export class AGUITranslator implements EventTranslator<AGUIEvent> {
  private runId: string | undefined;
  private threadId: string | undefined;
  private ended = false;
  private counter = 0;
  /** The open text message of each run (by run id). */
  private readonly openText = new Map<string, string>();
  private readonly shownCalls = new Set<string>();
  private readonly subagents = new Set<string>();

  constructor(private readonly options: AGUIEventsOptions = {}) {}

  start(): AGUIEvent[] {
    return [];
  }

  next(event: AgentEvent): AGUIEvent[] {
    if (this.ended) return [];
    const events: AGUIEvent[] = [];
    if (this.runId === undefined) this.begin(event.parentRunId ?? event.runId, events);
    const scope = this.scopeOf(event, events);
    switch (event.type) {
      case 'text_delta':
        if (event.delta === '') break;
        events.push({
          type: AGUIType.TEXT_MESSAGE_CONTENT,
          messageId: this.textMessage(event.runId, scope, events),
          delta: event.delta,
          ...scope,
        });
        break;
      case 'message':
        this.message(event.runId, event.message, scope, events);
        break;
      case 'tool_call_started':
        if (!this.shownCalls.has(event.callId)) this.showCall(event.callId, event.toolName, event.arguments, undefined, scope, events);
        break;
      case 'tool_progress':
        events.push({ type: AGUIType.CUSTOM, name: 'toolcraft.tool_progress', value: asJsonData({ ...event }) ?? {}, ...scope });
        break;
      case 'tool_call_completed':
        if (event.result.paused === true) break;
        if (!this.shownCalls.has(event.callId)) this.showCall(event.callId, event.toolName, '{}', undefined, scope, events);
        events.push({
          type: AGUIType.TOOL_CALL_RESULT,
          messageId: `${event.callId}-result`,
          toolCallId: event.callId,
          content: event.result.content,
          role: 'tool',
          ...scope,
        });
        break;
      case 'handoff':
        events.push({ type: AGUIType.CUSTOM, name: 'toolcraft.handoff', value: { from: event.agentName, to: event.to }, ...scope });
        break;
      case 'interruption':
        break;
      case 'run_completed':
        this.endText(event.runId, scope, events);
        if (scope.subagentRunId === undefined) this.finish(event.result, events);
        else
          events.push({
            type: AGUIType.SUBAGENT_FINISHED,
            subagentRunId: scope.subagentRunId,
            result: event.result.text,
            outcome: event.result.stopReason === 'interrupted' ? { type: 'suspended' } : { type: 'success' },
          });
        break;
    }
    return events.map((item) => this.stamped(item));
  }

  end(): AGUIEvent[] {
    if (this.ended) return [];
    return this.fail(new Error('The run ended without its run_completed event.'), 'The run ended without a result.');
  }

  fail(error: unknown, text?: string): AGUIEvent[] {
    if (this.ended) return [];
    const events: AGUIEvent[] = [];
    if (this.runId === undefined) this.begin(`run-${Date.now().toString(36)}`, events);
    this.endAllText(events);
    this.ended = true;
    events.push({ type: AGUIType.RUN_ERROR, message: text ?? errorTextOf(error, this.options.onError) });
    return events.map((item) => this.stamped(item));
  }

  private begin(runId: string, events: AGUIEvent[]): void {
    this.runId = runId;
    this.threadId = this.options.threadId ?? runId;
    events.push({ type: AGUIType.RUN_STARTED, threadId: this.threadId, runId, protocolVersion: '1.0' });
  }

  /** A nested run is a subagent, announced by its first event. */
  private scopeOf(event: AgentEvent, events: AGUIEvent[]): Scope {
    if (event.runId === this.runId || event.parentRunId === undefined) return {};
    if (!this.subagents.has(event.runId)) {
      this.subagents.add(event.runId);
      events.push({
        type: AGUIType.SUBAGENT_STARTED,
        subagentRunId: event.runId,
        name: event.agentName,
        ...(this.subagents.has(event.parentRunId) ? { parentSubagentRunId: event.parentRunId } : {}),
        ...(event.parentCallId === undefined ? {} : { parentToolCallId: event.parentCallId }),
      });
    }
    return { subagentRunId: event.runId };
  }

  private message(runId: string, message: AssistantMessage, scope: Scope, events: AGUIEvent[]): void {
    const text = contentText(message.content);
    if (!this.openText.has(runId) && text !== '')
      events.push({ type: AGUIType.TEXT_MESSAGE_CONTENT, messageId: this.textMessage(runId, scope, events), delta: text, ...scope });
    const messageId = this.openText.get(runId);
    this.endText(runId, scope, events);
    if (this.options.sendReasoning !== false && Array.isArray(message.content))
      for (const part of message.content) {
        if (part.type !== 'reasoning' || part.text === '') continue;
        const id = this.nextId(runId, 'reasoning');
        events.push(
          { type: AGUIType.REASONING_START, messageId: id, ...scope },
          { type: AGUIType.REASONING_MESSAGE_START, messageId: id, role: 'reasoning', ...scope },
          { type: AGUIType.REASONING_MESSAGE_CONTENT, messageId: id, delta: part.text, ...scope },
          { type: AGUIType.REASONING_MESSAGE_END, messageId: id, ...scope },
          { type: AGUIType.REASONING_END, messageId: id, ...scope },
        );
      }
    for (const call of message.toolCalls ?? []) this.showCall(call.id, call.name, call.arguments, messageId, scope, events);
  }

  private showCall(
    callId: string,
    toolName: string,
    args: string,
    parentMessageId: string | undefined,
    scope: Scope,
    events: AGUIEvent[],
  ): void {
    this.shownCalls.add(callId);
    events.push({
      type: AGUIType.TOOL_CALL_START,
      toolCallId: callId,
      toolCallName: toolName,
      ...(parentMessageId === undefined ? {} : { parentMessageId }),
      ...scope,
    });
    if (args !== '') events.push({ type: AGUIType.TOOL_CALL_ARGS, toolCallId: callId, delta: args, ...scope });
    events.push({ type: AGUIType.TOOL_CALL_END, toolCallId: callId, ...scope });
  }

  private finish(result: RunResult, events: AGUIEvent[]): void {
    this.endAllText(events);
    const patch = statePatch(result.stateDelta);
    if (patch.length > 0) events.push({ type: AGUIType.STATE_DELTA, delta: patch });
    this.ended = true;
    events.push({
      type: AGUIType.RUN_FINISHED,
      threadId: this.threadId!,
      runId: this.runId!,
      result: result.text,
      outcome: this.outcomeOf(result),
      usage: [usageOf(result)],
    });
  }

  private outcomeOf(result: RunResult): RunFinishedOutcome {
    if (result.stopReason === 'aborted') return { type: 'cancelled' };
    if (result.stopReason === 'interrupted' && result.interruptions.length > 0)
      return { type: 'interrupt', interrupts: result.interruptions.map((item) => toAGUIInterrupt(item, this.shownCalls.has(item.callId))) };
    return { type: 'success' };
  }

  /** The run's open text message, started when none is open. */
  private textMessage(runId: string, scope: Scope, events: AGUIEvent[]): string {
    let messageId = this.openText.get(runId);
    if (messageId === undefined) {
      messageId = this.nextId(runId, 'message');
      this.openText.set(runId, messageId);
      events.push({ type: AGUIType.TEXT_MESSAGE_START, messageId, role: 'assistant', ...scope });
    }
    return messageId;
  }

  private endText(runId: string, scope: Scope, events: AGUIEvent[]): void {
    const messageId = this.openText.get(runId);
    if (messageId === undefined) return;
    this.openText.delete(runId);
    events.push({ type: AGUIType.TEXT_MESSAGE_END, messageId, ...scope });
  }

  private endAllText(events: AGUIEvent[]): void {
    for (const runId of [...this.openText.keys()])
      this.endText(runId, runId === this.runId || !this.subagents.has(runId) ? {} : { subagentRunId: runId }, events);
  }

  private nextId(runId: string, kind: string): string {
    this.counter += 1;
    return `${runId}-${kind}-${this.counter}`;
  }

  private stamped(event: AGUIEvent): AGUIEvent {
    return this.options.now === undefined ? event : { ...event, timestamp: Math.trunc(this.options.now()) };
  }
}

function usageOf(result: RunResult): TokenUsage {
  const { inputTokens, outputTokens, totalTokens, cachedInputTokens, reasoningTokens } = result.usage;
  return {
    inputTokens,
    outputTokens,
    totalTokens,
    ...(cachedInputTokens === undefined ? {} : { cachedInputTokens }),
    ...(reasoningTokens === undefined ? {} : { reasoningTokens }),
  };
}
