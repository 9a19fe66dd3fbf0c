import type OpenAI from 'openai';
import type { ClientOptions } from 'openai';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';

/**
 * Responses API parameters an {@link OpenAIResponsesModelOptions} may add to every request, and
 * what a request's `providerOptions.openai` may hold (`reasoning`, `text.verbosity`, `include`,
 * `parallel_tool_calls`, `prompt_cache_key`, `service_tier`, `metadata`, ...). What the model
 * decides itself (the model, the input, the tools, the tool choice, streaming and `store`) is left out.
 */
export type ResponsesParameters = Omit<ResponseCreateParamsNonStreaming, 'model' | 'input' | 'tools' | 'tool_choice' | 'stream' | 'store'>;

/** Options of `new OpenAIResponsesModel(...)`. */
export interface OpenAIResponsesModelOptions {
  /** The model name, e.g. `'gpt-5-mini'`. */
  model: string;
  /**
   * The `openai` client; default `new OpenAI({ maxRetries: 0 })` (which reads `OPENAI_API_KEY` and
   * `OPENAI_BASE_URL`). The model never changes the client; it passes its own `maxRetries` with each request.
   */
  client?: OpenAI;
  /**
   * Whether OpenAI stores the responses (`store`). Default `false`: nothing is kept on OpenAI's
   * side, so the model asks for `include: ['reasoning.encrypted_content']` and sends each reasoning
   * item back whole on the next turn. With `true`, reasoning items go back by id (`item_reference`).
   */
  store?: boolean;
  /**
   * Send the tools in OpenAI strict mode (see `toResponsesTools`); optional arguments are then sent
   * as `null` by the model, which the core decoder treats as absent. Default `false` (sent as
   * `strict: false`, since the Responses API treats a missing `strict` as `true`).
   */
  strict?: boolean;
  /**
   * Retries the `openai` client itself makes per request. Default `0`, because the agent loop
   * retries retryable `ModelCallError`s with backoff and counts the attempts.
   */
  maxRetries?: number;
  /** Per-request timeout in ms (the client's `timeout`); a timeout is a retryable error. */
  timeoutMs?: number;
  /** Extra Responses parameters for every request (`reasoning`, `parallel_tool_calls`, `instructions`, ...). */
  parameters?: ResponsesParameters;
}

/** Options of `OpenAIResponsesModel.fromEnv(...)`: every model option, with the model optional. */
export interface OpenAIResponsesModelFromEnvOptions extends Omit<OpenAIResponsesModelOptions, 'client' | 'model'> {
  /** The model name; default `OPENAI_MODEL`, then `'gpt-5-mini'`. */
  model?: string;
  /** Options for the client created from the environment (`apiKey`, `baseURL`, ...); `maxRetries` defaults to 0. */
  clientOptions?: ClientOptions;
}
