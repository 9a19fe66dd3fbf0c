import type { ChatModel, ChatRequest, ChatResponse, ChatStreamEvent, ModelServer, ResponseFormat, ToolDefinition } from '@toolcraft/core';
import { serverOfUrl } from '@toolcraft/core/internal';
import OpenAI, { APIUserAbortError } from 'openai';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { toResponsesTools } from '../tools/to-responses-tools.js';
import { fromResponse } from './from-response.js';
import type { OpenAIResponsesModelFromEnvOptions, OpenAIResponsesModelOptions } from './openai-responses-model-options.js';
import { requestOptions } from './request-options.js';
import { unreadableResponse } from './response-failure.js';
import { ResponseStreamAccumulator } from './response-stream-accumulator.js';
import { toJsonSchemaFormat } from './structured-output.js';
import { toResponsesBody } from './to-responses-body.js';
import { isAbortError, toModelCallError } from './to-model-call-error.js';

/** The model `OpenAIResponsesModel.fromEnv` uses when neither the options nor `OPENAI_MODEL` name one. */
export const defaultOpenAIResponsesModel = 'gpt-5-mini';

const operation = 'response';

/**
 * A {@link ChatModel} over the OpenAI Responses API (`client.responses.create`) with the official
 * `openai` client, beside `OpenAIChatModel`. The whole transcript is sent on every request
 * (no `previous_response_id`); reasoning items come back in the transcript's `providerMetadata`
 * and go out again on the next turn, so reasoning models keep their chain of thought across tool
 * calls, with `store: false` (the default) as well as with `store: true`.
 *
 * Failures become `ModelCallError`s (retryable for 408, 409, 429, 5xx, connection errors, a cut
 * stream, and failed responses whose code is `server_error` or `rate_limit_exceeded`); an abort
 * through the request's signal is rethrown as the client's abort error.
 * @example
 * const model = new OpenAIResponsesModel({ model: 'gpt-5-mini', client: new OpenAI({ maxRetries: 0 }) });
 * const agent = new Agent({ model, registry, providerOptions: { openai: { reasoning: { effort: 'low' } } } });
 */
export class OpenAIResponsesModel implements ChatModel {
  /** The provider name traces show (`gen_ai.provider.name`). */
  readonly provider = 'openai';
  /** The client requests go through. */
  readonly client: OpenAI;
  /** The model name sent with every request. */
  readonly model: string;
  /** The server the client's `baseURL` names (`server.address`, `server.port` in traces); undefined when it is not a URL. */
  readonly server?: ModelServer;
  private readonly options: OpenAIResponsesModelOptions;

  /**
   * @param options - the model name, the client (default one from the environment) and request options
   * @throws OpenAIError of the `openai` client when no client is given and no API key is set
   */
  constructor(options: OpenAIResponsesModelOptions) {
    this.client = options.client ?? new OpenAI({ maxRetries: 0 });
    this.model = options.model;
    this.options = options;
    const server = serverOfUrl(this.client.baseURL);
    if (server !== undefined) this.server = server;
  }

  /**
   * Creates a model from the environment: the client reads `OPENAI_API_KEY` and `OPENAI_BASE_URL`,
   * the model name comes from `OPENAI_MODEL` (default `'gpt-5-mini'`), and the client makes no
   * retries of its own.
   * @param options - overrides for the model and the client
   * @returns the model
   * @throws OpenAIError of the `openai` client when no API key is set
   */
  static fromEnv(options: OpenAIResponsesModelFromEnvOptions = {}): OpenAIResponsesModel {
    const { clientOptions, model, ...rest } = options;
    const client = new OpenAI({ maxRetries: 0, ...clientOptions });
    const fromEnvironment = process.env['OPENAI_MODEL']?.trim();
    const name = model ?? (fromEnvironment !== undefined && fromEnvironment !== '' ? fromEnvironment : defaultOpenAIResponsesModel);
    return new OpenAIResponsesModel({ ...rest, client, model: name });
  }

  /** The model name traces show (`gen_ai.request.model`): {@link OpenAIResponsesModel.model}. */
  get modelId(): string {
    return this.model;
  }

  /**
   * Converts the tools for this model once, when the agent builds its tool list (`new Agent(...)`,
   * or a toolset's tools on their first turn), so a schema OpenAI would refuse or change throws
   * there, not on the first request (see `toResponsesTools`). Requests reuse the conversion.
   * @param tools - the agent's tool definitions
   * @throws StrictSchemaError in strict mode, for a schema that cannot be strict
   * @throws ProviderSchemaError for a schema whose root is not one object schema
   */
  prepareTools(tools: readonly ToolDefinition[]): void {
    toResponsesTools(tools, { strict: this.options.strict });
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
   * Sends one Responses request.
   * @param request - the transcript, tools, tool choice, settings, structured output, provider options and abort signal
   * @returns the assistant message (reasoning parts first), usage, finish reason, id and model
   * @throws ModelCallError when the request or the response failed; the client's abort error when aborted
   * @throws ProviderSchemaError, StrictSchemaError for tools or a structured output OpenAI would refuse
   */
  async complete(request: ChatRequest): Promise<ChatResponse> {
    const body = toResponsesBody(request, this.bodyOptions());
    let response: Awaited<ReturnType<typeof this.client.responses.create>>;
    try {
      response = await this.client.responses.create(body, requestOptions(this.options, request.signal));
    } catch (error) {
      if (isAbortError(error, request.signal)) throw error;
      // The client looks for `object: 'response'` with `in`, which throws for a JSON string or null.
      if (error instanceof TypeError && error.message.includes("'in' operator")) {
        throw unreadableResponse(this.model, 'the server answered with JSON that is not a response object');
      }
      throw toModelCallError(error, this.model, operation);
    }
    return fromResponse(response, this.model);
  }

  /**
   * Sends one Responses request with `stream: true` and yields the answer's text as it arrives
   * (`response.output_text.delta`), then the whole response, as `complete` returns it, from the
   * stream's last event (`response.completed` or `response.incomplete`). A `response.failed` or
   * `error` event is a `ModelCallError` (retryable by its code); a stream that ends without its last
   * event was cut, a retryable `ModelCallError`, as is a connection dropped while it is read.
   * Stopping the iteration early, or aborting the request's signal, aborts the HTTP request.
   * @param request - the transcript, tools, tool choice, settings, structured output, provider options and abort signal
   * @yields `text_delta`s, then one `response`
   * @throws ModelCallError when the request or the stream fails or is cut; the client's abort error when aborted
   */
  async *stream(request: ChatRequest): AsyncGenerator<ChatStreamEvent, void, undefined> {
    const body = { ...toResponsesBody(request, this.bodyOptions()), stream: true as const };
    let stream: AsyncIterable<ResponseStreamEvent> & { controller: AbortController };
    try {
      stream = await this.client.responses.create(body, requestOptions(this.options, request.signal));
    } catch (error) {
      if (isAbortError(error, request.signal)) throw error;
      throw toModelCallError(error, this.model, operation);
    }
    const accumulator = new ResponseStreamAccumulator(this.model);
    let finished = false;
    try {
      for await (const event of stream) {
        const text = accumulator.add(event);
        if (text !== undefined) yield { type: 'text_delta', delta: text };
      }
      finished = true;
    } catch (error) {
      if (isAbortError(error, request.signal)) throw error;
      throw toModelCallError(error, this.model, operation);
    } finally {
      // An iteration stopped early (or failed) leaves the response open: close it.
      if (!finished) stream.controller.abort();
    }
    // The client ends the iteration quietly when its signal aborts: that is an abort, not an answer.
    if (request.signal?.aborted === true) throw new APIUserAbortError();
    if (!accumulator.finished) {
      throw unreadableResponse(
        this.model,
        'the stream ended before the answer did (no response.completed, response.incomplete or response.failed event); the connection was probably cut',
        true,
      );
    }
    yield { type: 'response', response: fromResponse(accumulator.response(), this.model) };
  }

  private bodyOptions() {
    const { model, store = false, strict = false, parameters } = this.options;
    return { model, store, strict, ...(parameters === undefined ? {} : { parameters }) };
  }
}
