import type { ChatModel, ChatRequest, ChatResponse, ChatStreamEvent, ModelServer, ResponseFormat, ToolDefinition } from '@toolcraft/core';
import { ModelCallError } from '@toolcraft/core';
import { serverOfUrl } from '@toolcraft/core/internal';
import OpenAI from 'openai';
import { toOpenAITools } from '../tools/to-openai-tools.js';
import { ChatCompletionAccumulator } from './chat-completion-accumulator.js';
import { fromChatCompletion } from './from-chat-completion.js';
import type { OpenAIChatModelFromEnvOptions, OpenAIChatModelOptions } from './openai-chat-model-options.js';
import { requestOptions } from './request-options.js';
import { toJsonSchemaFormat } from './structured-output.js';
import { toChatCompletionBody } from './to-chat-completion-body.js';
import { isAbortError, toModelCallError } from './to-model-call-error.js';

/** The model `fromEnv` uses when neither the options nor `OPENAI_MODEL` name one. */
export const defaultOpenAIModel = 'gpt-4o-mini';

/**
 * A {@link ChatModel} over OpenAI Chat Completions with the official `openai` client.
 * Works with any OpenAI-compatible server: point the client's `baseURL` (or
 * `OPENAI_BASE_URL`) at it.
 *
 * Failures become `ModelCallError`s (retryable for 408, 409, 429, 5xx and connection
 * errors, with `status` and `retryAfterMs`); an abort through the request's signal is
 * rethrown as it is.
 * @example
 * const model = new OpenAIChatModel({ client: new OpenAI({ maxRetries: 0 }), model: 'gpt-4o-mini' });
 * const agent = new Agent({ model, registry });
 */
export class OpenAIChatModel implements ChatModel {
  /** The provider name traces show (`gen_ai.provider.name`). */
  readonly provider = 'openai';
  /** The client requests go through. */
  readonly client: OpenAI;
  /** The model name sent with every request. */
  readonly model: string;
  /** The server the client's `baseURL` names (`server.address`, `server.port` in traces); undefined when it is not a URL. */
  readonly server?: ModelServer;
  private readonly options: OpenAIChatModelOptions;

  /**
   * @param options - the client, the model name and request options
   */
  constructor(options: OpenAIChatModelOptions) {
    this.client = options.client;
    this.model = options.model;
    this.options = options;
    const server = serverOfUrl(options.client.baseURL);
    if (server !== undefined) this.server = server;
  }

  /**
   * Creates a model from the environment: the client reads `OPENAI_API_KEY` and
   * `OPENAI_BASE_URL`, the model name comes from `OPENAI_MODEL` (default `'gpt-4o-mini'`),
   * and the client makes no retries of its own.
   * @param options - overrides for the model and the client
   * @returns the model
   * @throws OpenAIError of the `openai` client when no API key is set
   */
  static fromEnv(options: OpenAIChatModelFromEnvOptions = {}): OpenAIChatModel {
    const { clientOptions, model, ...rest } = options;
    const client = new OpenAI({ maxRetries: 0, ...clientOptions });
    const fromEnvironment = process.env['OPENAI_MODEL']?.trim();
    const name = model ?? (fromEnvironment !== undefined && fromEnvironment !== '' ? fromEnvironment : defaultOpenAIModel);
    return new OpenAIChatModel({ ...rest, client, model: name });
  }

  /**
   * Converts the tools for this model once, when the agent builds its tool list (`new Agent(...)`,
   * or a toolset's tools on their first turn), so a schema OpenAI would refuse throws there, not on
   * the first request. The conversion is cached for that definitions array; requests reuse it.
   * @param tools - the agent's tool definitions
   * @throws StrictSchemaError in strict mode, for a schema that cannot be strict
   * @throws ProviderSchemaError for a schema whose root is not one object schema
   */
  prepareTools(tools: readonly ToolDefinition[]): void {
    toOpenAITools(tools, { strict: this.options.strict });
  }

  /**
   * Converts the agent's structured output for this model once, in `new Agent(...)`, by the rules
   * tools follow in strict mode (`toStrictSchema`), so a schema OpenAI would refuse throws there, not
   * on the first request. The conversion is kept for that format object; requests reuse it.
   * @param format - the output's name, JSON Schema and `strict`, as every request of the agent's runs carries it
   * @throws StrictSchemaError for a strict schema that cannot be strict (a map, a schema without a type, ...)
   * @throws ProviderSchemaError for a name OpenAI refuses
   */
  prepareOutput(format: ResponseFormat): void {
    toJsonSchemaFormat(format);
  }

  /**
   * Sends one Chat Completions request.
   * @param request - the transcript, tools, tool choice, settings, structured output, provider options and abort signal
   * @returns the assistant message and usage
   * @throws ModelCallError when the request fails; the client's abort error when aborted
   * @throws StrictSchemaError in strict mode, for a tool schema that cannot be strict
   */
  async complete(request: ChatRequest): Promise<ChatResponse> {
    const body = toChatCompletionBody(request, this.options);
    try {
      const completion = await this.client.chat.completions.create(body, requestOptions(this.options, request.signal));
      return fromChatCompletion(completion);
    } catch (error) {
      if (isAbortError(error, request.signal)) throw error;
      throw toModelCallError(error, this.model);
    }
  }

  /** The model name traces show (`gen_ai.request.model`): {@link OpenAIChatModel.model}. */
  get modelId(): string {
    return this.model;
  }

  /**
   * Sends one Chat Completions request with `stream: true` (and `stream_options.include_usage`) and
   * yields the answer's text as it arrives, then the whole response: tool calls whose name and
   * arguments arrive split across chunks are assembled, and the usage comes from the last chunk.
   * Stopping the iteration early, or aborting the request's signal, aborts the HTTP request.
   * A stream that ends before any chunk gave a finish reason (cut before `[DONE]`) is a failure,
   * not an answer: a retryable `ModelCallError`, as is a connection dropped while the body is read.
   * @param request - the transcript, tools, tool choice and abort signal
   * @yields `text_delta`s, then one `response`
   * @throws ModelCallError when the request or the stream fails or is cut; the client's abort error when aborted
   */
  async *stream(request: ChatRequest): AsyncGenerator<ChatStreamEvent, void, undefined> {
    const body = { ...toChatCompletionBody(request, this.options), stream: true as const, stream_options: { include_usage: true } };
    const options = requestOptions(this.options, request.signal);
    let stream: Awaited<ReturnType<typeof this.client.chat.completions.create>> & AsyncIterable<unknown>;
    try {
      stream = (await this.client.chat.completions.create(body, options)) as typeof stream;
    } catch (error) {
      if (isAbortError(error, request.signal)) throw error;
      throw toModelCallError(error, this.model);
    }
    const accumulator = new ChatCompletionAccumulator();
    let finished = false;
    try {
      for await (const chunk of stream as AsyncIterable<Parameters<ChatCompletionAccumulator['add']>[0]>) {
        const text = accumulator.add(chunk);
        if (text !== undefined) yield { type: 'text_delta', delta: text };
      }
      finished = true;
    } catch (error) {
      if (isAbortError(error, request.signal)) throw error;
      throw toModelCallError(error, this.model);
    } finally {
      // An iteration stopped early leaves the response open: close it.
      if (!finished) (stream as { controller?: AbortController }).controller?.abort();
    }
    if (!accumulator.finished) {
      // The client ends the iteration quietly when the body ends, `[DONE]` or not: an answer with no
      // finish reason was cut (a proxy or the server dropped it), and asking again may get it whole.
      throw new ModelCallError(
        `OpenAI chat completion with model '${this.model}' failed: the stream ended before the answer did ` +
          '(no chunk gave a finish reason); the connection was probably cut',
        { retryable: true, provider: 'openai' },
      );
    }
    yield { type: 'response', response: fromChatCompletion(accumulator.completion()) };
  }
}
