import type { ReceivedToolResult, RunResult } from '@toolcraft/core';

/** Options of `toUIMessageStream` and `toUIMessageStreamResponse`. */
export interface UIMessageStreamOptions {
  /** The assistant message's id, sent in the `start` chunk (the AI SDK's `generateMessageId`); none by default (the client makes one). */
  messageId?: string;
  /**
   * The text the client is told when the run fails. By default `'An error occurred.'`, as in the
   * AI SDK: an error's message may hold what a user should not see. A callback that throws gets the default.
   */
  onError?: (error: unknown) => string;
  /** Whether the model's reasoning parts are sent (`reasoning-*` chunks); default true. */
  sendReasoning?: boolean;
  /**
   * The output a tool part shows for a result. By default the tool's value as JSON data when it has
   * one, else the text the model was sent.
   */
  toolOutput?: (result: ReceivedToolResult) => unknown;
  /** Metadata for the `finish` chunk (`message.metadata` on the client), from the run's result. */
  messageMetadata?: (result: RunResult) => unknown;
  /** Send tool parts as `dynamic-tool` parts (for clients that do not type the tools); default false (`tool-<name>` parts). */
  dynamicTools?: boolean;
}
