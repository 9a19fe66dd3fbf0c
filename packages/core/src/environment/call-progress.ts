import type { ToolProgressSink, ToolProgressListener } from '../context/tool-progress.js';
import type { ToolPipeline } from './tool-pipeline.js';
import { isPromiseLike } from './is-promise-like.js';

/**
 * The progress reports of one call: binds `context.reportProgress` to the call's id and tool and to
 * the `onProgress` listener of its options. A listener that throws or rejects is reported through the
 * pipeline (`stage: 'progress'`, feature `'onProgress'`) and never fails the call; reports made after
 * the call ended (a tool's stray timer) are dropped, so none follows the call's result.
 */
export class CallProgress {
  private open = true;

  /**
   * @param pipeline - reports a failing listener
   * @param callId - the call
   * @param toolName - the tool
   * @param listener - the listener of the call's options
   */
  constructor(
    private readonly pipeline: ToolPipeline,
    private readonly callId: string,
    private readonly toolName: string,
    private readonly listener: ToolProgressListener,
  ) {}

  /** The sink a per-call context reports to. */
  readonly sink: ToolProgressSink = (done, total, message) => {
    if (!this.open) return;
    const { callId, toolName } = this;
    try {
      const returned = this.listener({
        callId,
        toolName,
        done,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      });
      if (isPromiseLike(returned)) Promise.resolve(returned).catch((error: unknown) => this.fail(error));
    } catch (error) {
      this.fail(error);
    }
  };

  /** Ends the call: later reports are dropped. */
  close(): void {
    this.open = false;
  }

  private fail(error: unknown): void {
    this.pipeline.report({ feature: 'onProgress', stage: 'progress', callId: this.callId, error });
  }
}
