import type { StreamCancel } from './stream-cancel.js';

/** The settle functions of the read {@link EventChannel} is making a promise for (set by {@link keepReader}). */
let keptResolve: ((result: IteratorResult<unknown>) => void) | undefined;
let keptReject: ((error: unknown) => void) | undefined;

/** The executor of every waiting read's promise: one function for all channels, no closure per channel. */
function keepReader(resolve: (result: IteratorResult<unknown>) => void, reject: (error: unknown) => void): void {
  keptResolve = resolve;
  keptReject = reject;
}

/**
 * The bounded queue between a streamed run (the producer) and its `for await` loop (the consumer).
 * `push` always queues and, once the consumer iterates and the queue holds `capacity` events, returns
 * a promise that settles when it has room again: the run awaits it (backpressure). `offer` queues
 * only when there is room (dropped otherwise). Before the consumer starts iterating the run never
 * waits: events past `capacity` are dropped, so awaiting only `result` works. When the consumer stops
 * early (`break`, `return()`), the stream's {@link StreamCancel} is cancelled, which cancels the run.
 * @internal
 */
export class EventChannel<T> implements AsyncIterator<T> {
  private readonly queue: T[] = [];
  /** The settle functions of the read that waits for an event, if one does (kept here: no object per read). */
  private readerResolve: ((result: IteratorResult<T>) => void) | undefined;
  private readerReject: ((error: unknown) => void) | undefined;
  /** Reads asked for while that one waits, first in first out (an async generator's order), made at the first. */
  private laterReaders: Array<{ resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void } | undefined> | undefined;
  /** The oldest of the later reads (an index, not `shift()`: taking one copies nothing). */
  private laterStart = 0;
  /** The runs waiting for room (made when the first one waits). */
  private writers: Array<() => void> | undefined;
  private closed = false;
  private failure: { error: unknown } | undefined;
  private iterating = false;
  private cancelled = false;

  /**
   * @param capacity - how many events the queue holds before the run waits
   * @param cancellation - cancelled once when the consumer stops early (`break`, `return()`)
   */
  constructor(
    private readonly capacity: number,
    private readonly cancellation: StreamCancel,
  ) {}

  /**
   * How many events a reading consumer has still to be handed (none while it does not iterate), up to the
   * channel's capacity: a consumer that keeps up gets one per tick.
   */
  get backlog(): number {
    return this.iterating ? Math.min(this.queue.length, this.capacity) : 0;
  }

  /** Whether the consumer waits for an event now (the next one is handed to it at once). */
  get readerWaiting(): boolean {
    return this.readerResolve !== undefined;
  }

  /** Whether the consumer stopped early; later events are dropped. */
  get isCancelled(): boolean {
    return this.cancelled;
  }

  /**
   * Queues an event.
   * @param event - the event
   * @returns a promise to await for room when the queue is full, else undefined
   */
  push(event: T): Promise<void> | undefined {
    if (this.closed || this.cancelled) return undefined;
    if (!this.iterating && this.queue.length >= this.capacity) return undefined;
    if (this.deliver(event)) return undefined;
    this.queue.push(event);
    if (!this.iterating || this.queue.length < this.capacity) return undefined;
    return new Promise((resolve) => (this.writers ??= []).push(resolve));
  }

  /**
   * Queues an event if there is room.
   * @param event - the event
   * @returns whether it was queued
   */
  offer(event: T): boolean {
    if (this.closed || this.cancelled || this.queue.length >= this.capacity) return false;
    if (!this.deliver(event)) this.queue.push(event);
    return true;
  }

  /**
   * Ends the stream: the consumer reads what is queued, then ends (or throws `failure`).
   * @param failure - the run's error, when it rejected
   */
  close(failure?: { error: unknown }): void {
    if (this.closed) return;
    this.closed = true;
    this.failure = failure;
    this.releaseWriters();
    if (this.readerResolve !== undefined && this.queue.length === 0) this.finishReader();
  }

  /** The consumer's iterator: the channel itself (`next` reads it, `return`, a `break`, cancels it). */
  iterator(): AsyncIterator<T> {
    this.iterating = true;
    return this;
  }

  /**
   * The consumer's next read.
   * @returns the next event, or the end (or the run's error) once the stream is closed and read
   */
  next(): Promise<IteratorResult<T>> {
    // A read asked for while another waits (nothing is queued then) waits behind it, as an async generator's would.
    if (this.readerResolve !== undefined) {
      const later = new Promise<IteratorResult<unknown>>(keepReader) as Promise<IteratorResult<T>>;
      (this.laterReaders ??= []).push({ resolve: keptResolve as (result: IteratorResult<T>) => void, reject: keptReject! });
      keptResolve = keptReject = undefined;
      return later;
    }
    const { queue } = this;
    if (queue.length > 0) {
      const value = queue.shift() as T;
      if (this.writers !== undefined && queue.length < this.capacity) this.releaseWriters();
      return Promise.resolve({ done: false, value });
    }
    if (this.cancelled) return Promise.resolve({ done: true, value: undefined });
    if (this.closed) {
      const { failure } = this;
      // The run's error is thrown once, as an async generator's: the reads after it end.
      this.failure = undefined;
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the run's own error, passed on as it is
      return failure ? Promise.reject(failure.error) : Promise.resolve({ done: true, value: undefined });
    }
    const waiting = new Promise<IteratorResult<unknown>>(keepReader) as Promise<IteratorResult<T>>;
    this.readerResolve = keptResolve as (result: IteratorResult<T>) => void;
    this.readerReject = keptReject;
    keptResolve = keptReject = undefined;
    return waiting;
  }

  /**
   * The consumer's `return()` (a `break` out of its loop): the channel is cancelled.
   * @returns the end
   */
  return(): Promise<IteratorResult<T>> {
    this.cancel();
    return Promise.resolve({ done: true, value: undefined });
  }

  /** The consumer stopped early: the queue is dropped and the run cancelled. */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.queue.length = 0;
    this.releaseWriters();
    if (!this.closed) this.cancellation.cancel(new Error('The stream was closed before the run ended (the for await loop stopped early).'));
  }

  private deliver(event: T): boolean {
    const resolve = this.readerResolve;
    if (resolve === undefined) return false;
    this.readerResolve = this.readerReject = undefined;
    this.nextReader();
    resolve({ done: false, value: event });
    return true;
  }

  /** The oldest of the later reads, if any, becomes the waiting one. */
  private nextReader(): void {
    const { laterReaders } = this;
    if (laterReaders === undefined || this.laterStart === laterReaders.length) return;
    const later = laterReaders[this.laterStart]!;
    laterReaders[this.laterStart++] = undefined;
    // All taken: the list is used again from its start.
    if (this.laterStart === laterReaders.length) {
      laterReaders.length = 0;
      this.laterStart = 0;
    }
    this.readerResolve = later.resolve;
    this.readerReject = later.reject;
  }

  /** Ends every waiting read: the first gets the run's error, if it failed (thrown once, as an async generator's), the others the end. */
  private finishReader(): void {
    while (this.readerResolve !== undefined) {
      const resolve = this.readerResolve;
      const reject = this.readerReject!;
      this.readerResolve = this.readerReject = undefined;
      this.nextReader();
      const { failure } = this;
      this.failure = undefined;
      if (failure) reject(failure.error);
      else resolve({ done: true, value: undefined });
    }
  }

  private releaseWriters(): void {
    const { writers } = this;
    if (writers === undefined) return;
    this.writers = undefined;
    for (const release of writers) release();
  }
}
