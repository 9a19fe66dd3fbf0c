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
  /** Of the input tokens, those read from the provider's prompt cache, when it says. */
  cachedInputTokens?: number;
  /** Of the output tokens, those spent on reasoning, when the provider says. */
  reasoningTokens?: number;
}

/** Sampling settings of a model call (`AgentOptions.modelSettings`, run options); each adapter maps the ones its API has. */
export interface ModelSettings {
  temperature?: number;
  topP?: number;
  /** The most tokens the answer may have. */
  maxOutputTokens?: number;
  stopSequences?: string[];
  seed?: number;
}

/**
 * Structured output asked of the model: the answer must be JSON matching `schema`. Adapters use the
 * provider's native structured output where it has one.
 */
export interface ResponseFormat {
  /** A name for the schema (`'invoice'`), as providers ask for one. */
  name: string;
  schema: JsonSchema;
  /** Whether the provider should enforce the schema strictly, where it can. */
  strict?: boolean;
}

/** One request to a {@link ChatModel}. */
export interface ChatRequest {
  messages: ChatMessage[];
  tools: ToolDefinition[];
  toolChoice?: ToolChoice;
  signal?: AbortSignal;
  /** Sampling settings, when any are set. */
  settings?: ModelSettings;
  /** Structured output, when the agent has an `outputType`: the answer must be JSON matching `schema` (sent with every model call of the run). */
  responseFormat?: ResponseFormat;
  /** Options for one adapter, passed to it alone (`{ anthropic: { ... } }` or the adapter's own shape: see its README). */
  providerOptions?: Record<string, unknown>;
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
  /**
   * Optional: checks the tools before any request carries them, and may convert and keep them for its
   * requests. The agent calls it when its tool list is built: in `new Agent(...)` for its fixed tools,
   * and for a turn's tools the first time that set is built (toolsets).
   * @throws ProviderSchemaError for a schema the provider would reject or silently change
   */
  prepareTools?(tools: readonly ToolDefinition[]): void;
  /**
   * Optional: checks an agent's structured output before any request carries it, and may convert and
   * keep it for its requests (by the format object: the agent sends the same one with every request).
   * The agent calls it in `new Agent(...)` when it has an `outputType`, for its model and the models of
   * its sub-agents (which answer in the same format after a handoff). A model without it gets
   * `request.responseFormat` unchecked.
   * @param format - the output's name, JSON Schema and `strict`, as every request of the agent's runs carries it
   * @throws ProviderSchemaError (its `toolName` the output's name) for a schema the provider would reject or silently change
   */
  prepareOutput?(format: ResponseFormat): void;
  /** Sends one request and returns the assistant message with usage. */
  complete(request: ChatRequest): Promise<ChatResponse>;
  /**
   * Optional: sends one request and yields the answer's text as it arrives, then the whole response
   * (the last event). `agent.stream` uses it when present; a model without it is streamed as whole messages.
   * Stopping the iteration early (or aborting `request.signal`) must cancel the request.
   */
  stream?(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
}
