import type { ContentPart } from '../results/content-part.js';

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
  /** The text sent to the model (for a result of parts, their text, an image named by its media type). */
  content: string;
  /**
   * The parts sent to the model instead of `content`, when the result has more than text (an image):
   * from `ToolResult.image`, `ToolResult.parts` or a formatter returning parts.
   */
  parts?: readonly ContentPart[];
  /** Whether the call failed. */
  isError: boolean;
  /** The tool's result value, when it succeeded. */
  value?: TValue;
  /** The original error, when it failed (never sent to the model as such). */
  error?: unknown;
  /**
   * The features whose `onToolCallStarting` handlers replaced the call's arguments (`{ arguments }`), in
   * order; absent when none did. The tool ran with (or failed on) the last replacement.
   */
  argumentsReplacedBy?: readonly string[];
  /**
   * The features whose `onToolCallCompleted` handlers replaced what the model is sent (`{ content }`),
   * in order; absent when none did. `content` and `parts` are then theirs, `value` is still the tool's.
   */
  contentReplacedBy?: readonly string[];
  /**
   * True when the call did not end but waits for the host (it asked for a credential, or the agent it
   * runs paused): control flow, not a failure. An agent run pauses on it; failure hooks, `maxFailures`
   * and `maxInvocations` do not count it. `isError` is true and `content` says what the call waits for,
   * for a caller that cannot pause (an `AgentEnvironment` used alone, an MCP server); `error` is the request.
   */
  paused?: true;
}
