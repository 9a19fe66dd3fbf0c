/** A tool call to execute: the model's (or a caller's) request. */
export interface ToolCall {
  /** The call's id; generated when absent. */
  id?: string;
  /** The tool's name. */
  name: string;
  /** The arguments: the model's JSON string, or an object. Absent means none. */
  arguments?: string | Readonly<Record<string, unknown>>;
}

/** The answer to one tool call (Koog's `ReceivedToolResult`): the text for the model and, for the host, the value or error. */
export interface ReceivedToolResult<TValue = unknown> {
  /** The call's id (generated when the call had none). */
  id: string;
  /** The tool's name, as called. */
  name: string;
  /** The text sent to the model. */
  content: string;
  /** Whether the call failed. */
  isError: boolean;
  /** The tool's result value, when it succeeded. */
  value?: TValue;
  /** The original error, when it failed (never sent to the model as such). */
  error?: unknown;
}
