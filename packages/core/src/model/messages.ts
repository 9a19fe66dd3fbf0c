import type { ContentPart, ProviderMetadata } from '../results/content-part.js';

/** A tool call requested by the model: its id, the tool's name and the raw JSON argument string. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
  /** What the provider needs back with this call on the next turn (a Gemini thought signature), keyed by provider. */
  providerMetadata?: ProviderMetadata;
}

/** A system or user message of the provider-neutral transcript. */
export interface SystemMessage {
  role: 'system';
  content: string;
}

/** A user message of the provider-neutral transcript: text, or parts (text, images, files). */
export interface UserMessage {
  role: 'user';
  content: string | ContentPart[];
}

/**
 * An assistant message: text (or parts: text and reasoning), tool calls, or both. `providerMetadata`
 * holds what its provider needs back on the next turn (an OpenAI Responses reasoning item), keyed by provider.
 */
export interface AssistantMessage {
  role: 'assistant';
  content: string | null | ContentPart[];
  toolCalls?: ModelToolCall[];
  providerMetadata?: ProviderMetadata;
}

/** The answer to one tool call, sent back to the model under the call's id: text, or parts (an image). */
export interface ToolMessage {
  role: 'tool';
  toolCallId: string;
  name: string;
  content: string | ContentPart[];
  isError?: boolean;
}

/** Any message of the provider-neutral transcript. */
export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;
