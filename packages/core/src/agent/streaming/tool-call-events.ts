import type { ToolExecutionOptions } from '../../environment/agent-environment-options.js';
import type { ReceivedToolResult } from '../../environment/tool-call.js';
import { ToolBlockedError } from '../../errors/tool-blocked-error.js';
import type { ModelToolCall } from '../../model/messages.js';
import type { RunEvents } from './run-events.js';

/**
 * The stream events of one turn's tool calls: `tool_call_started` for each call handed to the
 * environment, `tool_progress` for each progress report (dropped when the buffer is full: tools report
 * synchronously and cannot wait), and `tool_call_completed` as soon as each call is done (never
 * dropped: at most one per call), with what the features' hooks decided (`blockedBy`,
 * `argumentsReplacedBy`, `contentReplacedBy`). Calls answered without reaching the environment get theirs when
 * the turn ends. One per streamed run (made when its first calls run): its listeners are made once, and
 * call ids are unique in a run, so the calls whose event a result listener emitted are remembered across turns.
 * @internal
 */
export class ToolCallEvents {
  /** The calls whose event a result listener emitted (made at the first): their turn's `finished` skips them. */
  private completed: Set<string> | undefined;
  private ownListeners: Pick<ToolExecutionOptions, 'onProgress' | 'onResult'> | undefined;
  private onProgress: ToolExecutionOptions['onProgress'];
  /** The execution options of a turn of one call (with the progress listener only), made once. */
  oneCallExecution: ToolExecutionOptions | undefined;

  /** @param events - the run's event sink */
  constructor(private readonly events: RunEvents) {}

  /**
   * Emits `tool_call_started` for the turn's calls.
   * @param calls - the turn's calls
   * @param from - the first call whose event is still to emit
   * @returns a promise settled once they are all queued and a consumer that keeps up has been handed them
   *   (see {@link RunEvents.handedOut}): the calls run then, after the consumer could stop the run (never rejects)
   */
  started(calls: readonly ModelToolCall[], from = 0): Promise<void> {
    const { events } = this;
    for (let index = from; index < calls.length; index++) {
      const call = calls[index]!;
      const wait = events.sendToolCallStarted(call);
      // The reader is behind: the rest wait for room, one by one.
      if (wait !== undefined) return wait.then(() => this.started(calls, index + 1));
    }
    return events.handedOut();
  }

  /**
   * The listeners to add to the execution options (none when the run is not streamed), made once. A
   * call that paused has not completed: its result has no event.
   */
  listeners(): Pick<ToolExecutionOptions, 'onProgress' | 'onResult'> {
    if (!this.events.active) return {};
    return (this.ownListeners ??= {
      onProgress: this.progress(),
      onResult: (result) => {
        if (result.paused === true) return;
        (this.completed ??= new Set()).add(result.id);
        this.complete(result);
      },
    });
  }

  /**
   * The progress listener alone (none when the run is not streamed), for a turn of one call: its
   * `tool_call_completed` is emitted by {@link ToolCallEvents.finished} with the turn's results.
   */
  progressListener(): Pick<ToolExecutionOptions, 'onProgress'> {
    return this.events.active ? { onProgress: this.progress() } : {};
  }

  /** The progress listener, made once: each report as a `tool_progress` event (dropped when the buffer is full). */
  private progress(): NonNullable<ToolExecutionOptions['onProgress']> {
    const { events } = this;
    return (this.onProgress ??= ({ callId, toolName, done, total, message }) =>
      events.offer({
        type: 'tool_progress',
        callId,
        toolName,
        done,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      }));
  }

  /**
   * Emits `tool_call_completed` for the results that have not had one.
   * @param results - the turn's results
   */
  finished(results: readonly ReceivedToolResult[]): void {
    if (!this.events.active) return;
    // A result reaches `finished` once (its turn's, or its batch's once decided or run): only those a listener told are remembered.
    const { completed } = this;
    for (const result of results) if (completed?.has(result.id) !== true) this.complete(result);
  }

  private complete(result: ReceivedToolResult): void {
    this.events.enqueueToolCallCompleted(result, blockedBy(result.error));
  }
}

/** The feature that blocked the call, when its error is a ToolBlockedError; nothing for any other thrown value, one that cannot be inspected (a hostile Proxy) included. */
function blockedBy(error: unknown): string | undefined {
  try {
    return ToolBlockedError.isInstance(error) ? error.feature : undefined;
  } catch {
    return undefined;
  }
}
