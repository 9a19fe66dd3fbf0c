/** Options of `toAGUIEvents`. */
export interface AGUIEventsOptions {
  /** The conversation (AG-UI's `threadId`, from the client's `RunAgentInput`); the run's id when absent. */
  threadId?: string;
  /**
   * The `message` of `RUN_ERROR` when the run fails. By default `'An error occurred.'`: an error's
   * message may hold what a user should not see. A callback that throws gets the default.
   */
  onError?: (error: unknown) => string;
  /** Whether the model's reasoning is sent (`REASONING_*` events); default true. */
  sendReasoning?: boolean;
  /** Stamp each event with `timestamp` (ms since the epoch) from this clock; none by default. */
  now?: () => number;
}
