import type { ChatModel, ChatRequest, ChatResponse, ChatStreamEvent, ModelServer, ResponseFormat, ToolDefinition } from '@toolcraft/core';
import { ModelCallError, OptionsError } from '@toolcraft/core';
import { serverOfUrl } from '@toolcraft/core/internal';
import Anthropic, { APIUserAbortError } from '@anthropic-ai/sdk';
import type { Message, MessageCreateParamsNonStreaming, RawMessageStreamEvent, Tool } from '@anthropic-ai/sdk/resources/messages';
import { toStrictSchema } from '../schema/strict-schema.js';
import { toAnthropicTools } from '../tools/to-anthropic-tools.js';
import { anthropicProvider } from './anthropic-provider.js';
import type { AnthropicChatModelOptions } from './anthropic-chat-model-options.js';
import { MessageAccumulator } from './message-accumulator.js';
import { toRequestBody, type RequestConfig } from './to-request-body.js';
import { isAbortError, toModelCallError } from './to-model-call-error.js';
import { TurnInProgress } from './turn-in-progress.js';

/** How many times one call continues a paused turn, by default. */
const defaultPauseContinuations = 5;

/**
 * A {@link ChatModel} over the Anthropic Messages API with the official `@anthropic-ai/sdk` client.
 *
 * The transcript's reasoning parts carry the thinking blocks' signatures (`providerMetadata.anthropic`)
 * and go back untouched, so a next turn with thinking enabled is accepted. A turn the API pauses
 * (`pause_turn`) is continued within the same call. Failures become `ModelCallError`s (retryable for
 * 408, 409, 429, 5xx and 529 overloaded, an `error` event of a passing kind inside a stream, connection
 * errors and streams cut before `message_stop`, with `status` and `retryAfterMs`); an abort through the
 * request's signal is rethrown as it is.
 * @example
 * const model = new AnthropicChatModel({ model: 'claude-sonnet-4-6', maxTokens: 4096, client: new Anthropic({ maxRetries: 0 }) });
 * const agent = new Agent({ model, registry });
 */
export class AnthropicChatModel implements ChatModel {
  /** The provider name traces show (`gen_ai.provider.name`). */
  readonly provider = anthropicProvider;
  /** The client requests go through. */
  readonly client: Anthropic;
  /** The model name sent with every request. */
  readonly model: string;
  /** The server the client's `baseURL` names (`server.address`, `server.port` in traces); undefined when it is not a URL. */
  readonly server?: ModelServer;
  private readonly options: AnthropicChatModelOptions;
  private readonly config: RequestConfig;

  /**
   * @param options - the model name, `maxTokens`, the client (or its options) and request options
   * @throws OptionsError when `maxTokens` is not a whole number of at least 1, or `maxPauseContinuations` of at least 0
   */
  constructor(options: AnthropicChatModelOptions) {
    if (!Number.isSafeInteger(options.maxTokens) || options.maxTokens < 1) {
      throw new OptionsError('AnthropicChatModel', 'maxTokens', options.maxTokens, 'a whole number of at least 1');
    }
    const continuations = options.maxPauseContinuations ?? defaultPauseContinuations;
    if (!Number.isSafeInteger(continuations) || continuations < 0) {
      throw new OptionsError('AnthropicChatModel', 'maxPauseContinuations', continuations, 'a whole number of at least 0');
    }
    this.client = options.client ?? new Anthropic({ maxRetries: 0, ...options.clientOptions });
    this.model = options.model;
    this.options = { ...options, maxPauseContinuations: continuations };
    this.config = {
      model: options.model,
      maxTokens: options.maxTokens,
      cache: options.cache ?? 'auto',
      parallelToolCalls: options.parallelToolCalls ?? true,
      unsupportedSettings: options.unsupportedSettings ?? 'error',
      ...(options.parameters === undefined ? {} : { parameters: options.parameters }),
    };
    const server = serverOfUrl(this.client.baseURL);
    if (server !== undefined) this.server = server;
  }

  /** The model name traces show (`gen_ai.request.model`): {@link AnthropicChatModel.model}. */
  get modelId(): string {
    return this.model;
  }

  /**
   * Converts and checks the tools when the agent's tool list is built. The agent's lists are frozen, so
   * the conversion is kept (a `WeakMap` keyed by the list) for the requests that carry the same list.
   * @param tools - the tool definitions
   * @throws ProviderSchemaError for a schema the Messages API would refuse (see `toAnthropicTools`)
   */
  prepareTools(tools: readonly ToolDefinition[]): void {
    this.toolsOf(tools);
  }

  /**
   * Converts the agent's structured output for JSON outputs (`output_config.format`, constrained
   * decoding) once, in `new Agent(...)`, so a schema the API would refuse throws there, not on the
   * first request. The conversion is kept per schema; requests reuse it.
   * @param format - the output's name, JSON Schema and `strict`, as every request of the agent's runs carries it
   * @throws ProviderSchemaError naming the output, the JSON path and the keyword (a map, a recursive `$ref`, ...)
   */
  prepareOutput(format: ResponseFormat): void {
    toStrictSchema(format.schema, format.name, 'output');
  }

  /**
   * Sends one Messages API request (and, when the API pauses the turn, the continuations).
   * @param request - the transcript, tools, tool choice, settings, structured output, provider options and abort signal
   * @returns the assistant message with usage and the finish reason
   * @throws ModelCallError when the request fails or the answer does not fit; the client's abort error when aborted
   * @throws ProviderSchemaError for a tool or output schema the API would refuse
   */
  async complete(request: ChatRequest): Promise<ChatResponse> {
    const body = this.requestBody(request);
    const turn = new TurnInProgress(body, this.options.maxPauseContinuations!);
    for (let next: MessageCreateParamsNonStreaming | undefined = body; next !== undefined;) {
      let message: Message;
      try {
        message = await this.client.messages.create(next, this.requestOptions(request.signal));
      } catch (error) {
        if (isAbortError(error, request.signal)) throw error;
        throw toModelCallError(error, this.model);
      }
      next = turn.add({ message });
    }
    return turn.response();
  }

  /**
   * Sends one Messages API request with `stream: true` and yields the answer's text as it arrives
   * (`text_delta`s; thinking is not yielded), then the whole response: tool inputs assembled from their
   * `input_json_delta`s, thinking with its signature, the stop reason and usage of `message_delta`.
   * Stopping the iteration early, or aborting the request's signal, aborts the HTTP request. A stream
   * that ends before `message_stop` is a retryable `ModelCallError`, as is a connection dropped while
   * the body is read and an `error` event of a passing kind (`overloaded_error`).
   * @param request - as for {@link AnthropicChatModel.complete}
   * @yields `text_delta`s, then one `response`
   * @throws ModelCallError when the request or the stream fails or is cut; the client's abort error when aborted
   * @throws ProviderSchemaError for a tool or output schema the API would refuse
   */
  async *stream(request: ChatRequest): AsyncGenerator<ChatStreamEvent, void, undefined> {
    const body = this.requestBody(request);
    const turn = new TurnInProgress(body, this.options.maxPauseContinuations!);
    for (let next: MessageCreateParamsNonStreaming | undefined = body; next !== undefined;) {
      const accumulator = new MessageAccumulator();
      yield* this.streamOnce(next, accumulator, request.signal);
      next = turn.add(accumulator.received());
    }
    yield { type: 'response', response: turn.response() };
  }

  private async *streamOnce(
    body: MessageCreateParamsNonStreaming,
    accumulator: MessageAccumulator,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<ChatStreamEvent, void, undefined> {
    let stream: AsyncIterable<RawMessageStreamEvent> & { controller: AbortController };
    try {
      stream = await this.client.messages.create({ ...body, stream: true }, this.requestOptions(signal));
    } catch (error) {
      if (isAbortError(error, signal)) throw error;
      throw toModelCallError(error, this.model);
    }
    try {
      for await (const event of stream) {
        const text = accumulator.add(event);
        if (text !== undefined) yield { type: 'text_delta', delta: text };
      }
    } catch (error) {
      if (isAbortError(error, signal)) throw error;
      throw toModelCallError(error, this.model);
    } finally {
      // An iteration stopped early (or failed) leaves the response open: close it.
      if (!accumulator.finished) stream.controller.abort();
    }
    if (!accumulator.finished) {
      // The client ends the iteration quietly when the request's signal aborts it.
      if (signal?.aborted === true) throw new APIUserAbortError();
      throw new ModelCallError(
        `Anthropic message with model '${this.model}' failed: the stream ended before 'message_stop'; the connection was probably cut`,
        { retryable: true, provider: anthropicProvider },
      );
    }
  }

  private requestBody(request: ChatRequest): MessageCreateParamsNonStreaming {
    return toRequestBody(request, request.tools.length > 0 ? this.toolsOf(request.tools) : [], this.config);
  }

  /** The tools converted: once per list the agent passes (frozen), on every request for another list (it may change). */
  private toolsOf(tools: readonly ToolDefinition[]): Tool[] {
    return toAnthropicTools(tools, { strict: this.options.strict === true });
  }

  private requestOptions(signal: AbortSignal | undefined): { signal?: AbortSignal; maxRetries: number; timeout?: number } {
    return {
      ...(signal === undefined ? {} : { signal }),
      maxRetries: this.options.maxRetries ?? 0,
      ...(this.options.timeoutMs === undefined ? {} : { timeout: this.options.timeoutMs }),
    };
  }
}
