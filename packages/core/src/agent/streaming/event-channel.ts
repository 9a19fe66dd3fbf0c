/**
 * The bounded queue between a streamed run (the producer) and its `for await` loop (the consumer).
 * `push` always queues and, once the consumer iterates and the queue holds `capacity` events, returns
 * a promise that settles when it has room again: the run awaits it (backpressure). `offer` queues
 * only when there is room (dropped otherwise). Before the consumer starts iterating the run never
 * waits: events past `capacity` are dropped, so awaiting only `result` works.
 * @internal
 */
export class EventChannel<T> {
  private readonly queue: T[] = [];
  /** The settle functions of the read that waits for an event, if one does (kept here: no object per read). */
  private readerResolve: ((result: IteratorResult<T>) => void) | undefined;
  private readerReject: ((error: unknown) => void) | undefined;
  /** The executor of every waiting read's promise (made once). */
  private readonly waitForEvent = (resolve: (result: IteratorResult<T>) => void, reject: (error: unknown) => void): void => {
    this.readerResolve = resolve;
    this.readerReject = reject;
  };
  private writers: Array<() => void> = [];
  private closed = false;
  private failure: { error: unknown } | undefined;
  private iterating = false;
  private cancelled = false;

  /**
   * @param capacity - how many events the queue holds before the run waits
   * @param onCancel - called once when the consumer stops early (`break`, `return()`)
   */
  constructor(
    private readonly capacity: number,
    private readonly onCancel: () => void,
  ) {}

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
    return new Promise((resolve) => this.writers.push(resolve));
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

  /** The consumer's iterator. */
  iterator(): AsyncIterator<T> {
    this.iterating = true;
    return {
      next: () => this.next(),
      return: () => {
        this.cancel();
        return Promise.resolve({ done: true, value: undefined });
      },
    };
  }

  private next(): Promise<IteratorResult<T>> {
    if (this.queue.length > 0) {
      const value = this.queue.shift() as T;
      if (this.queue.length < this.capacity) this.releaseWriters();
      return Promise.resolve({ done: false, value });
    }
    if (this.cancelled) return Promise.resolve({ done: true, value: undefined });
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the run's own error, passed on as it is
    if (this.closed) return this.failure ? Promise.reject(this.failure.error) : Promise.resolve({ done: true, value: undefined });
    return new Promise<IteratorResult<T>>(this.waitForEvent);
  }

  private deliver(event: T): boolean {
    const resolve = this.readerResolve;
    if (resolve === undefined) return false;
    this.readerResolve = this.readerReject = undefined;
    resolve({ done: false, value: event });
    return true;
  }

  private finishReader(): void {
    const resolve = this.readerResolve!;
    const reject = this.readerReject!;
    this.readerResolve = this.readerReject = undefined;
    if (this.failure) reject(this.failure.error);
    else resolve({ done: true, value: undefined });
  }

  private cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.queue.length = 0;
    this.releaseWriters();
    if (!this.closed) this.onCancel();
  }

  private releaseWriters(): void {
    const writers = this.writers;
    this.writers = [];
    for (const release of writers) release();
  }
}
