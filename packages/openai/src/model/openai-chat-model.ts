import type { ChatModel, ChatRequest, ChatResponse } from '@toolcraft/core';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { toOpenAITools } from '../tools/to-openai-tools.js';
import { fromChatCompletion } from './from-chat-completion.js';
import type { OpenAIChatModelFromEnvOptions, OpenAIChatModelOptions } from './openai-chat-model-options.js';
import { toChatCompletionMessages } from './to-chat-completion-messages.js';
import { toChatCompletionToolChoice } from './to-chat-completion-tool-choice.js';
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
  /** The client requests go through. */
  readonly client: OpenAI;
  /** The model name sent with every request. */
  readonly model: string;
  private readonly options: OpenAIChatModelOptions;

  /**
   * @param options - the client, the model name and request options
   */
  constructor(options: OpenAIChatModelOptions) {
    this.client = options.client;
    this.model = options.model;
    this.options = options;
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
   * Sends one Chat Completions request.
   * @param request - the transcript, tools, tool choice and abort signal
   * @returns the assistant message and usage
   * @throws ModelCallError when the request fails; the client's abort error when aborted
   * @throws StrictSchemaError in strict mode, for a tool schema that cannot be strict
   */
  async complete(request: ChatRequest): Promise<ChatResponse> {
    const body = this.toRequestBody(request);
    try {
      const completion = await this.client.chat.completions.create(body, {
        signal: request.signal,
        maxRetries: this.options.maxRetries ?? 0,
        ...(this.options.timeoutMs === undefined ? {} : { timeout: this.options.timeoutMs }),
      });
      return fromChatCompletion(completion);
    } catch (error) {
      if (isAbortError(error, request.signal)) throw error;
      throw toModelCallError(error, this.model);
    }
  }

  private toRequestBody(request: ChatRequest): ChatCompletionCreateParamsNonStreaming {
    const body: ChatCompletionCreateParamsNonStreaming = {
      ...this.options.parameters,
      model: this.model,
      messages: toChatCompletionMessages(request.messages),
    };
    if (request.tools.length > 0) {
      body.tools = toOpenAITools(request.tools, { strict: this.options.strict });
      if (request.toolChoice !== undefined) body.tool_choice = toChatCompletionToolChoice(request.toolChoice);
    }
    return body;
  }
}
