import { AbortSource } from '../../environment/abort-watchers.js';

/**
 * The cancellation of a streamed run from the stream's side: cancelled when the reader stops early
 * (`break`, `return()`), or, for a stream that forwards it, when the caller's signal aborts. The run's
 * deadline watches it (no `AbortController` made for it); its `signal`, made when read, serves a
 * runner that takes a signal (a workflow agent's run).
 * @internal
 */
export class StreamCancel extends AbortSource {
  /**
   * Cancels the run (nothing happens when it was cancelled already).
   * @param reason - why
   */
  cancel(reason: unknown): void {
    this.abort(reason);
  }
}
