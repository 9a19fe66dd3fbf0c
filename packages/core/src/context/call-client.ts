import type { ImagePart, TextPart } from '../results/content-part.js';

/** The levels of a log message, lowest first (syslog's, as MCP's `logging/setLevel` names them). */
export type LogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency';

/** What a person answered to `context.elicit(schema, message)`. */
export interface ElicitationResult<TContent = Record<string, unknown>> {
  /** `'accept'`: they filled the form (`content` holds it); `'decline'`: they said no; `'cancel'`: they dismissed it. */
  action: 'accept' | 'decline' | 'cancel';
  /** The values given, when accepted: they fit the schema asked for (checked before the call sees them). */
  content?: TContent;
}

/** One message of a `context.sample(request)`. */
export interface SamplingMessage {
  /** Who says it. */
  role: 'user' | 'assistant';
  /** Its content: text, or one text or image part. */
  content: string | TextPart | ImagePart;
}

/** What `context.sample(request)` asks the caller's model (MCP's `sampling/createMessage`). */
export interface SamplingRequest {
  /** The conversation: one user message's text, or the messages. */
  messages: string | readonly SamplingMessage[];
  /** The most tokens the answer may have; default 1,024. */
  maxTokens?: number;
  /** A system prompt the caller may use. */
  systemPrompt?: string;
  /** The sampling temperature, if it matters. */
  temperature?: number;
  /** Sequences that end the answer. */
  stopSequences?: readonly string[];
  /** What kind of model to prefer (hints of model names, and priorities from 0 to 1). */
  modelPreferences?: {
    hints?: ReadonlyArray<{ name?: string }>;
    costPriority?: number;
    speedPriority?: number;
    intelligencePriority?: number;
  };
}

/** What the caller's model answered to `context.sample(request)`. */
export interface SamplingResult {
  /** The answer's text (empty for an image answer). */
  text: string;
  /** The answer as a part. */
  content: TextPart | ImagePart;
  /** The model that answered. */
  model: string;
  /** Why the answer ended (`'endTurn'`, `'maxTokens'`, `'stopSequence'`...), if told. */
  stopReason?: string;
}

/**
 * What a tool call may ask of whoever called it, while it runs: an MCP server gives each call one
 * for its client (log messages, elicitation, sampling). A method left out is one the caller does not
 * offer; each method rejects with a clear error when the caller refuses, times out or answers what
 * does not fit.
 */
export interface CallClient {
  /**
   * Sends a log message (MCP's `notifications/message`); never throws.
   * @param level - its level
   * @param message - the text
   * @param data - more data, if any (JSON)
   */
  log?(level: LogLevel, message: string, data?: unknown): void;
  /**
   * Asks a person for values (MCP's `elicitation/create`).
   * @param schema - the JSON Schema of what to ask (an object of primitive properties)
   * @param message - what to tell them
   * @param signal - the call's signal: aborting it gives up on the answer
   * @returns their answer
   */
  elicit?(schema: Readonly<Record<string, unknown>>, message: string, signal: AbortSignal): Promise<ElicitationResult>;
  /**
   * Asks the caller's model for an answer (MCP's `sampling/createMessage`).
   * @param request - the messages and options
   * @param signal - the call's signal: aborting it gives up on the answer
   * @returns the model's answer
   */
  sample?(request: SamplingRequest, signal: AbortSignal): Promise<SamplingResult>;
}

/** Finds the {@link CallClient} of a tool call by its id, or undefined when it has none. */
export type CallClientLookup = (toolCallId: string) => CallClient | undefined;
