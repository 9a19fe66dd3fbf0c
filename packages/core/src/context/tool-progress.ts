/**
 * One progress report of a running tool call, as a tool gives it with
 * `context.reportProgress(done, total?, message?)`: the `onProgress` listener of the call's options
 * receives it (the agent turns it into a `tool_progress` event; `@toolcraft/mcp` into a progress notification).
 */
export interface ToolProgress {
  /** The call reporting. */
  callId: string;
  /** The tool reporting. */
  toolName: string;
  /** How much is done, in the tool's own unit (a count, bytes, a percentage). */
  done: number;
  /** How much there is in all, when the tool knows. */
  total?: number;
  /** A short human-readable line on what is happening. */
  message?: string;
}

/** Receives a call's progress reports; what it returns is ignored, and a throw is reported, never failing the call. */
export type ToolProgressListener = (progress: ToolProgress) => unknown;

/**
 * What a per-call context hands its (already checked) progress reports to: the environment binds one
 * to each call's id, tool and listener; a unit test of a tool may pass one in `AgentContextInit.progress`.
 */
export type ToolProgressSink = (done: number, total: number | undefined, message: string | undefined) => void;
