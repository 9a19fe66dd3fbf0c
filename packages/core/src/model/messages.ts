/** A tool call requested by the model: its id, the tool's name and the raw JSON argument string. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** A system or user message of the provider-neutral transcript. */
export interface SystemMessage {
  role: 'system';
  content: string;
}

/** A user message of the provider-neutral transcript. */
export interface UserMessage {
  role: 'user';
  content: string;
}

/** An assistant message: text, tool calls, or both. */
export interface AssistantMessage {
  role: 'assistant';
  content: string | null;
  toolCalls?: ModelToolCall[];
}

/** The answer to one tool call, sent back to the model under the call's id. */
export interface ToolMessage {
  role: 'tool';
  toolCallId: string;
  name: string;
  content: string;
  isError?: boolean;
}

/** Any message of the provider-neutral transcript. */
export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;
