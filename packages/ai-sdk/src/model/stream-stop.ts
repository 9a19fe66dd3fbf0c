/** The reason the stop signal aborts with when the stream's reader leaves (`return()`). */
const leaving: unique symbol = Symbol('the reader left the stream');

/**
 * What ends the reading of one `doStream` answer early: the request's signal aborting, or the
 * reader leaving (`return()` or `throw()` of the stream, which an async generator only queues while
 * it waits for the provider). Both abort {@link StreamStop.signal}, which every wait of the reading
 * is raced with, so the provider's stream is cancelled at once even when it ignores its own signal.
 */
export class StreamStop {
  private readonly controller = new AbortController();
  private readonly onRequestAbort = () => this.controller.abort(this.requestSignal?.reason);

  /** @param requestSignal - the request's signal, if any */
  constructor(private readonly requestSignal: AbortSignal | undefined) {}

  /** Aborts when the request's signal does (once {@link StreamStop.watch} was called) or the reader leaves. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Starts following the request's signal (when the reading starts); undone by {@link StreamStop.dispose}. */
  watch(): void {
    const signal = this.requestSignal;
    if (signal === undefined) return;
    if (signal.aborted) this.onRequestAbort();
    else signal.addEventListener('abort', this.onRequestAbort, { once: true });
  }

  /** The reader left: the reading stops quietly. */
  leave(): void {
    this.controller.abort(leaving);
  }

  /**
   * @param error - what a wait of the reading threw
   * @returns true when it is the reader leaving (the stream ends without an error)
   */
  isLeave(error: unknown): boolean {
    return error === leaving;
  }

  /** The reason to cancel the provider's stream with: the request's abort reason, if it aborted. */
  get cancelReason(): unknown {
    const reason: unknown = this.controller.signal.reason;
    return this.controller.signal.aborted && reason !== leaving ? reason : undefined;
  }

  /** Stops following the request's signal. */
  dispose(): void {
    this.requestSignal?.removeEventListener('abort', this.onRequestAbort);
  }
}
