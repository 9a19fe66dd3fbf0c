import { untilAborted } from '../../environment/bounded-await.js';
import type { AgentEvent, AgentEventBase, AgentEventInput } from './agent-event.js';
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
 * signal allows, and never rejects (it copies the event); `send`, `offer` and `enqueue` are for the run's
 * own events, made fresh for the stream: they complete the object given, which becomes the event; `offer` (for events reported synchronously, like tool progress)
 * drops the event when the buffer is full; `enqueue` never waits nor drops (for events bounded by a
 * turn's calls, like `tool_call_completed`).
 * @internal
 */
export class RunEvents {
  /**
   * @param runId - the run, put on every event
   * @param agentName - the agent, put on events that name none
   * @param signal - the run's signal: a wait for room ends when it aborts
   * @param channel - the stream's channel; undefined when the run is not streamed
   * @param parent - for a nested run streamed into its parent's stream: `parentRunId` and `parentCallId`, put on every event
   */
  constructor(
    private readonly runId: string,
    public agentName: string,
    private readonly signal: AbortSignal,
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
    if (!this.active) return undefined;
    const wait = this.channel!.push(this.own(event));
    return wait === undefined ? undefined : untilAborted(wait, this.signal).catch(ignore);
  }

  /**
   * Emits an event unless the buffer is full (then it is dropped).
   * @param event - the event
   */
  offer(event: AgentEventInput): void {
    if (this.active) this.channel!.offer(this.own(event));
  }

  /**
   * Emits an event without waiting, even over the buffer's size.
   * @param event - the event
   */
  enqueue(event: AgentEventInput): void {
    if (this.active) void this.channel!.push(this.own(event));
  }

  /**
   * Completes an event the run made for the stream (a fresh object, which becomes the event): the
   * fields it does not set are added to it, as {@link RunEvents.complete} would, without a copy.
   */
  private own(event: AgentEventInput): AgentEvent {
    const target = event as Partial<AgentEventBase>;
    if (target.agentName === undefined) target.agentName = this.agentName;
    if (target.runId === undefined) target.runId = this.runId;
    const { parent } = this;
    if (parent !== undefined) {
      if (parent.parentRunId !== undefined && target.parentRunId === undefined) target.parentRunId = parent.parentRunId;
      if (parent.parentCallId !== undefined && target.parentCallId === undefined) target.parentCallId = parent.parentCallId;
    }
    return event as AgentEvent;
  }

  private complete(event: AgentEventInput): AgentEvent {
    return { agentName: this.agentName, runId: this.runId, ...this.parent, ...event } as AgentEvent;
  }
}
