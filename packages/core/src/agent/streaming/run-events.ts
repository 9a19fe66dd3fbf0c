import type { Abortable } from '../../environment/abort-watchers.js';
import { untilAborted } from '../../environment/bounded-await.js';
import type { ReceivedToolResult } from '../../environment/tool-call.js';
import type { RunResult } from '../run-result.js';
import type { AssistantMessage, ModelToolCall } from '../../model/messages.js';
import type { AgentEvent, AgentEventInput, AgentToolCallCompletedEvent } from './agent-event.js';
import type { EventChannel } from './event-channel.js';
import type { StreamTarget } from './stream-target.js';

/** What `emit` gives for an event queued at once: one settled promise. */
const queued: Promise<void> = Promise.resolve();

function ignore(): undefined {
  return undefined;
}

/**
 * The event sink of one run: what code inside the run (the loop, handoffs, interruptions) emits
 * stream events through. Without a stream (`agent.run`) every method is a cheap no-op.
 * `emit` waits while a reading consumer's buffer is full (backpressure), never longer than the run's
 * signal allows, and never rejects; `send` does the same but gives a promise only when it must wait
 * (`sendTextDelta`, `sendMessage` and `sendToolCallStarted` build the run's hot events whole, not
 * copied from a partial one); `offer` (for events reported synchronously, like tool progress) drops
 * the event when the buffer is full; `enqueue` never waits nor drops (for events bounded by a turn's
 * calls, like `tool_call_completed`).
 * @internal
 */
export class RunEvents {
  /**
   * @param runId - the run, put on every event
   * @param agentName - the agent, put on events that name none
   * @param signal - the run's signal, or its deadline (whose signal a wait does not make): a wait for room ends when it aborts
   * @param channel - the stream's channel; undefined when the run is not streamed
   * @param parent - for a nested run streamed into its parent's stream: `parentRunId` and `parentCallId`, put on every event
   */
  constructor(
    private readonly runId: string,
    public agentName: string,
    private readonly signal: Abortable,
    private readonly channel?: EventChannel<AgentEvent>,
    private readonly parent?: Omit<StreamTarget, 'channel'>,
  ) {}

  /**
   * Where a run nested in this one sends its events, when this one is streamed.
   * @param parentCallId - the call that starts the nested run (absent for a workflow agent's agents)
   * @returns the target, or undefined when nobody listens
   */
  nested(parentCallId?: string): StreamTarget | undefined {
    if (!this.active) return undefined;
    return { channel: this.channel!, parentRunId: this.runId, ...(parentCallId === undefined ? {} : { parentCallId }) };
  }

  /** Whether anyone listens (the run is streamed and its consumer has not stopped). */
  get active(): boolean {
    return this.channel !== undefined && !this.channel.isCancelled;
  }

  /**
   * A promise settled once a consumer that keeps up (it reads each event as it is handed out) has been
   * handed every event queued now: one tick per queued event, then one more. What runs on it runs after
   * the consumer saw those events (and could stop the run).
   * @returns the promise (settled: no promise is made when nothing is queued)
   */
  handedOut(): Promise<void> {
    let handed = queued;
    if (!this.active) return handed;
    for (let behind = this.channel!.backlog; behind > 0; behind--) handed = handed.then(ignore);
    return handed;
  }

  /** Whether the consumer waits for an event now: the next one sent is handed to it at once (no wait for room). */
  get readerWaiting(): boolean {
    return this.active && this.channel!.readerWaiting;
  }

  /**
   * Emits an event, waiting for room when the consumer reads slowly.
   * @param event - the event; `agentName` and `runId` default to the run's
   * @returns a promise settled once the event is queued (never rejects)
   */
  emit(event: AgentEventInput): Promise<void> {
    if (!this.active) return queued;
    const wait = this.channel!.push(this.complete(event));
    // No async frame: an event queued at once is a settled promise (awaiting it still lets the reader see it first).
    return wait === undefined ? queued : untilAborted(wait, this.signal).catch(ignore);
  }

  /**
   * Emits an event like {@link RunEvents.emit}, but gives a promise only when it must wait for room:
   * the run's own hot paths (text deltas, messages, started calls) then go on without an await.
   * @param event - the event; `agentName` and `runId` default to the run's
   * @returns undefined once the event is queued, else a promise settled when it is (never rejects)
   */
  send(event: AgentEventInput): Promise<void> | undefined {
    return this.active ? this.pushed(this.complete(event)) : undefined;
  }

  /**
   * Sends a `text_delta` (as {@link RunEvents.send} does).
   * @param delta - the text
   * @returns undefined once the event is queued, else a promise settled when it is (never rejects)
   */
  sendTextDelta(delta: string): Promise<void> | undefined {
    if (!this.active) return undefined;
    // The whole event in one literal (a run not nested in another's stream): no copy of a partial one.
    return this.pushed(
      this.parent === undefined
        ? { agentName: this.agentName, runId: this.runId, type: 'text_delta', delta }
        : this.complete({ type: 'text_delta', delta }),
    );
  }

  /**
   * Sends a `message` (as {@link RunEvents.send} does).
   * @param message - the model's message
   * @returns undefined once the event is queued, else a promise settled when it is (never rejects)
   */
  sendMessage(message: AssistantMessage): Promise<void> | undefined {
    if (!this.active) return undefined;
    return this.pushed(
      this.parent === undefined
        ? { agentName: this.agentName, runId: this.runId, type: 'message', message }
        : this.complete({ type: 'message', message }),
    );
  }

  /**
   * Sends a `tool_call_started` (as {@link RunEvents.send} does).
   * @param call - the call
   * @returns undefined once the event is queued, else a promise settled when it is (never rejects)
   */
  sendToolCallStarted(call: ModelToolCall): Promise<void> | undefined {
    if (!this.active) return undefined;
    const { id: callId, name: toolName, arguments: args } = call;
    return this.pushed(
      this.parent === undefined
        ? { agentName: this.agentName, runId: this.runId, type: 'tool_call_started', callId, toolName, arguments: args }
        : this.complete({ type: 'tool_call_started', callId, toolName, arguments: args }),
    );
  }

  /**
   * Emits an event unless the buffer is full (then it is dropped).
   * @param event - the event
   */
  offer(event: AgentEventInput): void {
    if (this.active) this.channel!.offer(this.complete(event));
  }

  /**
   * Emits an event without waiting, even over the buffer's size.
   * @param event - the event
   */
  enqueue(event: AgentEventInput): void {
    if (this.active) void this.channel!.push(this.complete(event));
  }

  /**
   * Emits a `tool_call_completed` without waiting (as {@link RunEvents.enqueue} does).
   * @param result - the call's result
   * @param blockedBy - the feature that blocked the call, if one did
   */
  enqueueToolCallCompleted(result: ReceivedToolResult, blockedBy: string | undefined): void {
    if (!this.active) return;
    const { id: callId, name: toolName, argumentsReplacedBy, contentReplacedBy } = result;
    const event: AgentToolCallCompletedEvent =
      this.parent === undefined
        ? { agentName: this.agentName, runId: this.runId, type: 'tool_call_completed', callId, toolName, result }
        : (this.complete({ type: 'tool_call_completed', callId, toolName, result }) as AgentToolCallCompletedEvent);
    // The optional fields only when present.
    if (blockedBy !== undefined) event.blockedBy = blockedBy;
    if (argumentsReplacedBy !== undefined) event.argumentsReplacedBy = argumentsReplacedBy;
    if (contentReplacedBy !== undefined) event.contentReplacedBy = contentReplacedBy;
    void this.channel!.push(event);
  }

  /**
   * Emits the run's `run_completed` without waiting (as {@link RunEvents.enqueue} does).
   * @param result - the run's result
   */
  enqueueRunCompleted(result: RunResult): void {
    if (!this.active) return;
    const { stopReason } = result;
    void this.channel!.push(
      this.parent === undefined
        ? { agentName: this.agentName, runId: this.runId, type: 'run_completed', stopReason, result }
        : this.complete({ type: 'run_completed', stopReason, result }),
    );
  }

  /**
   * Ends the stream of a run streamed on its own (`agent.stream`), once its `run_completed` is queued and
   * nothing can follow it: a reader that read it ends at once, not a tick later when the run's promise
   * settles. A run streamed into another's stream (nested, or a workflow's) leaves it open.
   */
  endOwnStream(): void {
    if (this.parent === undefined) this.channel?.close();
  }

  /** Queues a whole event; a promise for room when the reader is behind (bounded by the run's signal, never rejecting). */
  private pushed(event: AgentEvent): Promise<void> | undefined {
    const wait = this.channel!.push(event);
    return wait === undefined ? undefined : untilAborted(wait, this.signal).catch(ignore);
  }

  private complete(event: AgentEventInput): AgentEvent {
    return { agentName: this.agentName, runId: this.runId, ...this.parent, ...event } as AgentEvent;
  }
}
