import { GoogleGenAI, type GenerateContentConfig, type GenerateContentParameters, type GenerateContentResponse } from '@google/genai';
import {
  ModelCallError,
  type ChatModel,
  type ChatRequest,
  type ChatResponse,
  type ChatStreamEvent,
  type ModelServer,
  type ResponseFormat,
  type ToolDefinition,
} from '@toolcraft/core';
import { googleProvider } from '../schema/schema-context.js';
import { toGeminiResponseSchema } from '../schema/to-gemini-schema.js';
import { functionDeclarations } from '../tools/to-gemini-tools.js';
import { GeminiAnswer } from './gemini-answer.js';
import type { GeminiChatModelOptions } from './gemini-chat-model-options.js';
import { serverOf } from './server-of.js';
import { toGeminiContents } from './to-gemini-contents.js';
import { toGenerateConfig, toToolConfig } from './to-generate-config.js';
import { isAbortError, toModelCallError } from './to-model-call-error.js';

/**
 * A {@link ChatModel} over the Gemini API (or Vertex AI) with the official `@google/genai` SDK.
 *
 * Tools are converted to Gemini's `Schema` when the agent's tool list is built (`prepareTools`,
 * throwing `ProviderSchemaError` for a schema Gemini cannot take exactly). Thought signatures
 * round-trip through `providerMetadata.google`; calls Gemini sends without an id get one. Failures
 * become `ModelCallError`s (retryable for 408, 409, 429, 5xx, connection resets and cut streams,
 * with `retryAfterMs` from `RetryInfo`); an abort through the request's signal rejects with the signal's reason.
 * @example
 * const model = new GeminiChatModel({ model: 'gemini-2.5-flash', client: new GoogleGenAI({ apiKey }) });
 * const agent = new Agent({ model, tools: [new WeatherTool()] });
 */
export class GeminiChatModel implements ChatModel {
  /** The provider name traces show (`gen_ai.provider.name`): `'gcp.gemini'`, or `'gcp.vertex_ai'` for a Vertex AI client. */
  readonly provider: 'gcp.gemini' | 'gcp.vertex_ai';
  /** The client requests go through. */
  readonly client: GoogleGenAI;
  /** The model name sent with every request. */
  readonly model: string;
  /** The server requests go to (`server.address`, `server.port` in traces), when the client's base URL is known. */
  readonly server?: ModelServer;
  private readonly options: GeminiChatModelOptions;

  /**
   * @param options - the model name, and a client or the options to make one
   */
  constructor(options: GeminiChatModelOptions) {
    this.options = options;
    this.model = options.model;
    this.client =
      options.client ??
      new GoogleGenAI({
        ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
        ...(options.baseUrl === undefined ? {} : { httpOptions: { baseUrl: options.baseUrl } }),
      });
    this.provider = this.client.vertexai ? 'gcp.vertex_ai' : 'gcp.gemini';
    const server = serverOf(this.client);
    if (server !== undefined) this.server = server;
  }

  /** The model name traces show (`gen_ai.request.model`): {@link GeminiChatModel.model}. */
  get modelId(): string {
    return this.model;
  }

  /**
   * Converts the tools to Gemini function declarations, once per (frozen) list, so that a schema
   * Gemini cannot take fails when the agent is built rather than on a request.
   * @param tools - the agent's tool definitions
   * @throws ProviderSchemaError naming the tool, the JSON path and the keyword
   */
  prepareTools(tools: readonly ToolDefinition[]): void {
    functionDeclarations(tools);
  }

  /**
   * Converts the agent's structured output to Gemini's `responseSchema` once, in `new Agent(...)`, by
   * the rules tools follow, so a schema Gemini cannot take fails there rather than on a request. The
   * conversion is kept per schema; requests reuse it.
   * @param format - the output's name, JSON Schema and `strict`, as every request of the agent's runs carries it
   * @throws ProviderSchemaError naming the output, the JSON path and the keyword
   */
  prepareOutput(format: ResponseFormat): void {
    toGeminiResponseSchema(format.schema, format.name);
  }

  /**
   * Sends one `generateContent` request.
   * @param request - the transcript, tools, tool choice, settings, structured output and abort signal
   * @returns the assistant message with usage and finish reason
   * @throws ModelCallError when the request fails or the answer is blocked or empty; the signal's reason when aborted
   * @throws ProviderSchemaError for a structured output schema Gemini cannot take
   */
  async complete(request: ChatRequest): Promise<ChatResponse> {
    const controller = new AbortController();
    const params = this.toParameters(request, controller.signal);
    const answer = new GeminiAnswer(this.model);
    try {
      answer.add(await this.client.models.generateContent(params));
    } catch (error) {
      throw this.failure(error, request);
    }
    return answer.response();
  }

  /**
   * Sends one `generateContentStream` request (server-sent events) and yields the answer's text as it
   * arrives, then the whole response. Stopping the iteration early, or aborting the request's signal,
   * cancels the HTTP request. A stream that ends before a chunk gave a finish reason was cut: a
   * retryable `ModelCallError`, as is a connection dropped while the body is read.
   * @param request - the transcript, tools, tool choice, settings and abort signal
   * @yields `text_delta`s, then one `response`
   * @throws ModelCallError when the request or the stream fails, is cut, or the answer is blocked or empty; the signal's reason when aborted
   */
  async *stream(request: ChatRequest): AsyncGenerator<ChatStreamEvent, void, undefined> {
    const controller = new AbortController();
    const params = this.toParameters(request, controller.signal);
    const answer = new GeminiAnswer(this.model);
    let finished = false;
    try {
      let chunks: AsyncGenerator<GenerateContentResponse>;
      try {
        chunks = await this.client.models.generateContentStream(params);
      } catch (error) {
        throw this.failure(error, request);
      }
      try {
        for await (const chunk of chunks) {
          for (const delta of answer.add(chunk)) yield { type: 'text_delta', delta };
        }
      } catch (error) {
        throw this.failure(error, request);
      }
      finished = true;
    } finally {
      // Left early (or failed): the SDK only releases the body's reader; aborting closes the connection.
      if (!finished) controller.abort();
    }
    if (!answer.finished) {
      throw new ModelCallError(
        `Gemini request with model '${this.model}' failed: the stream ended before the answer did (no chunk gave a finish reason); ` +
          'the connection was probably cut',
        { retryable: true, provider: googleProvider },
      );
    }
    yield { type: 'response', response: answer.response() };
  }

  private toParameters(request: ChatRequest, own: AbortSignal): GenerateContentParameters {
    const { systemInstruction, contents } = toGeminiContents(request.messages, this.model);
    const config: GenerateContentConfig = toGenerateConfig(request, this.options.config);
    if (systemInstruction !== undefined) config.systemInstruction = systemInstruction;
    const declarations = request.tools.length > 0 ? functionDeclarations(request.tools) : [];
    if (declarations.length > 0) {
      // Fresh declarations per request: the SDK writes the converted schema back into each one.
      config.tools = [{ functionDeclarations: declarations.map((declaration) => ({ ...declaration })) }];
      if (request.toolChoice !== undefined) config.toolConfig = toToolConfig(request.toolChoice);
    }
    config.abortSignal = request.signal === undefined ? own : AbortSignal.any([request.signal, own]);
    if (this.options.timeoutMs !== undefined) config.httpOptions = { timeout: this.options.timeoutMs };
    return { model: this.model, contents, config };
  }

  private failure(error: unknown, request: ChatRequest): unknown {
    // Aborted by the caller: the signal's reason, as every await the run bounds by it rejects with.
    if (request.signal?.aborted === true) return request.signal.reason;
    if (isAbortError(error)) {
      return new ModelCallError(`Gemini request with model '${this.model}' failed: no answer within ${String(this.options.timeoutMs)} ms`, {
        retryable: true,
        provider: googleProvider,
        cause: error,
      });
    }
    return toModelCallError(error, this.model);
  }
}
