import type { ChatRequest, FinishReason, Usage } from '@toolcraft/core';

/** A tool call a {@link ScriptedModel} turn makes. */
export interface ScriptedToolCall {
  /** The call's id; `call_1`, `call_2`, ... (counted per model) when absent. */
  id?: string;
  /** The tool's name. */
  name: string;
  /** The arguments: a JSON string sent as it is, or an object that is stringified. Default `{}`. */
  arguments?: string | Readonly<Record<string, unknown>>;
}

/** A scripted reply: text (or a structured `output`), tool calls, or both, with optional usage. */
export interface ScriptedReply {
  /** The assistant's text; `null` content when absent. */
  text?: string;
  /**
   * A structured answer (for an agent with an `outputType`): any JSON value, sent as its JSON text
   * (`{ output: { total: 120 } }` answers `'{"total":120}'`). Not with `text`.
   */
  output?: unknown;
  /** The tool calls of the turn. */
  toolCalls?: readonly ScriptedToolCall[];
  /** The usage reported for the turn; none when absent. */
  usage?: Usage;
  /** Why the model stopped (e.g. `'length'` to script a cut-off answer). */
  finishReason?: FinishReason;
}

/** A scripted failure: the model call throws `error` (e.g. a retryable `ModelCallError`). */
export interface ScriptedFailure {
  /** What the call throws. */
  error: unknown;
}

/** A reply or a failure. */
export type ScriptedOutcome = ScriptedReply | ScriptedFailure;

/**
 * One turn of a {@link ScriptedModel}: a fixed outcome, or a function of the request
 * (its messages, tools, tool choice and signal) that returns one, possibly asynchronously.
 */
export type ScriptedTurn = ScriptedOutcome | ((request: ChatRequest) => ScriptedOutcome | Promise<ScriptedOutcome>);

/** A request a {@link ScriptedModel} received, copied when it arrived. */
export interface RecordedRequest {
  /** The transcript sent. */
  messages: ChatRequest['messages'];
  /** The tool definitions sent. */
  tools: ChatRequest['tools'];
  /** The tool choice sent, if any. */
  toolChoice?: ChatRequest['toolChoice'];
  /** The structured output asked for (`{ name, schema, strict }`), if any. */
  responseFormat?: ChatRequest['responseFormat'];
  /** The sampling settings sent, if any. */
  settings?: ChatRequest['settings'];
  /** The provider options sent, if any. */
  providerOptions?: ChatRequest['providerOptions'];
}
