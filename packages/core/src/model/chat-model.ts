import type { AssistantMessage, ChatMessage } from './messages.js';
import type { JsonSchema } from '../schema/json-schema.js';

/** A provider-neutral tool definition, as a model adapter receives it. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

/** How the model may use tools on one request. */
export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** Token counts of one model call or a whole run. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

/** One request to a {@link ChatModel}. */
export interface ChatRequest {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  toolChoice?: ToolChoice;
  signal?: AbortSignal;
}

/** The model's answer to one {@link ChatRequest}. */
export interface ChatResponse {
  message: AssistantMessage;
  usage?: Usage;
  /** Why the model stopped, when the provider says: a `'length'` answer was cut off. */
  finishReason?: FinishReason;
  /** The provider's id of this answer (`gen_ai.response.id`: `'chatcmpl-123'`), when it gave one. */
  id?: string;
  /** The model that answered, as the provider names it (`gen_ai.response.model`: `'gpt-4o-mini-2024-07-18'`), when it said. */
  modelId?: string;
}

/**
 * Why a model stopped its answer: `'stop'` (done), `'length'` (cut off at the token limit),
 * `'tool_calls'`, `'content_filter'`, `'refusal'` (the model refused; the text is the refusal), or `'other'`.
 */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'refusal' | 'other';

/**
 * What a streaming model call yields: pieces of the answer's text as they arrive, then exactly one
 * `response`, the whole answer (text, tool calls assembled, usage, finish reason) as `complete` returns it.
 */
export type ChatStreamEvent = { type: 'text_delta'; delta: string } | { type: 'response'; response: ChatResponse };

/** Where a model's requests go: the host name or IP address, and the port when known. */
export interface ModelServer {
  /** The host name or IP address (`'api.openai.com'`). */
  readonly address: string;
  /** The port (`443`), when known. */
  readonly port?: number;
}

/**
 * A chat model that can call tools. Adapters (OpenAI, scripted, ...) implement it.
 * Errors that may succeed on a retry should be {@link ModelCallError}s with `retryable: true`.
 */
export interface ChatModel {
  /** The provider, as the OpenTelemetry GenAI conventions name it (`gen_ai.provider.name`: `'openai'`), when known. */
  readonly provider?: string;
  /** The model asked for (`gen_ai.request.model`: `'gpt-4o-mini'`), when known. */
  readonly modelId?: string;
  /** The server requests go to (`server.address`, `server.port`: `api.openai.com`, 443), when known. */
  readonly server?: ModelServer;
  /** Sends one request and returns the assistant message with usage. */
  complete(request: ChatRequest): Promise<ChatResponse>;
  /**
   * Optional: sends one request and yields the answer's text as it arrives, then the whole response
   * (the last event). `agent.stream` uses it when present; a model without it is streamed as whole messages.
   * Stopping the iteration early (or aborting `request.signal`) must cancel the request.
   */
  stream?(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
}
