import type { RunResult } from '../run-result.js';
import type { AgentEvent } from './agent-event.js';
import { EventChannel } from './event-channel.js';
import { StreamCancel } from './stream-cancel.js';

/** How many events a stream holds before the run waits for its reader. */
export const streamBufferSize = 64;

/**
 * Starts the streamed run: its events go to the channel, and the cancellation cancels it (when the
 * reader stops early, or the caller's signal given to the stream aborts). An agent's run watches it
 * through its deadline; another runner may read its `signal`. @internal
 */
export type StreamedRunStarter = (channel: EventChannel<AgentEvent>, cancellation: StreamCancel) => Promise<RunResult>;

/**
 * A streamed agent run (`agent.stream(input, options)`): iterate it with `for await` to see the run
 * as it happens, and await `result` for the same `RunResult` `agent.run` gives. The run starts at once.
 * Breaking out of the loop (or `return()` on its iterator) cancels the run, which ends `'aborted'`.
 * Events wait in a buffer of {@link streamBufferSize}; while you iterate, a full buffer makes the run
 * wait for you (backpressure: the model's stream and the next turn are held back). If you never
 * iterate, the run does not wait and the events past the buffer are dropped.
 * `TOutput` is the agent's output type: the `output` event's and `result.output`'s.
 * When the run rejects, the loop throws its error after the events before it (once: a later read ends).
 * A turn's tools start once a `for await` loop over the stream itself has been handed their
 * `tool_call_started` (a reader behind another async generator gets events some ticks later).
 * @example
 * const stream = agent.stream('Plan my trip');
 * for await (const event of stream) {
 *   if (event.type === 'text_delta') process.stdout.write(event.delta);
 * }
 * const run = await stream.result;
 */
export class AgentStream<TOutput = unknown> implements AsyncIterable<AgentEvent<TOutput>> {
  /** The run's result, as `agent.run` gives it (rejects as `agent.run` would). */
  readonly result: Promise<RunResult<TOutput>>;
  private readonly channel: EventChannel<AgentEvent>;
  private iterated = false;

  /**
   * @param start - starts the run
   * @param callerSignal - a caller's signal the stream forwards to its cancellation, if any (an agent's
   *   run listens to the caller's signal itself and gives none)
   * @internal
   */
  constructor(start: StreamedRunStarter, callerSignal?: AbortSignal) {
    const cancellation = new StreamCancel();
    const channel = (this.channel = new EventChannel<AgentEvent>(streamBufferSize, cancellation));
    let forward: (() => void) | undefined;
    if (callerSignal?.aborted === true) cancellation.cancel(callerSignal.reason);
    else if (callerSignal !== undefined) {
      forward = () => cancellation.cancel(callerSignal.reason);
      callerSignal.addEventListener('abort', forward, { once: true });
    }
    let running: Promise<RunResult>;
    try {
      running = Promise.resolve(start(channel, cancellation));
    } catch (error) {
      running = Promise.reject(error as Error);
    }
    // The result is the run's own promise: this handler, added first, ends the stream before anyone
    // awaiting the result goes on, and handles its rejection (whoever only iterates sees the error there:
    // the promise must not be reported as unhandled).
    void running.then(
      () => {
        if (forward !== undefined) callerSignal!.removeEventListener('abort', forward);
        channel.close();
      },
      (error: unknown) => {
        if (forward !== undefined) callerSignal!.removeEventListener('abort', forward);
        channel.close({ error });
      },
    );
    this.result = running as Promise<RunResult<TOutput>>;
  }

  /**
   * The events, in order; a stream is iterated once.
   * @throws TypeError when iterated a second time
   */
  [Symbol.asyncIterator](): AsyncIterator<AgentEvent<TOutput>> {
    if (this.iterated) throw new TypeError('An AgentStream can be iterated only once; keep the events you need from the first loop.');
    this.iterated = true;
    // The run's own `output` event carries its agent's output (nested runs emit none into this stream).
    return this.channel.iterator() as AsyncIterator<AgentEvent<TOutput>>;
  }
}
