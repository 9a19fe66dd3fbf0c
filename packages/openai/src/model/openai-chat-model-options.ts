import type OpenAI from 'openai';
import type { ClientOptions } from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';

/** Chat Completions parameters an {@link OpenAIChatModelOptions} may add to every request. */
export type ChatCompletionParameters = Omit<
  ChatCompletionCreateParamsNonStreaming,
  'model' | 'messages' | 'tools' | 'tool_choice' | 'stream'
>;

/** Options of `new OpenAIChatModel(...)`. */
export interface OpenAIChatModelOptions {
  /**
   * The `openai` client. Create it with `maxRetries: 0` (or leave it to
   * {@link OpenAIChatModelOptions.maxRetries}): the agent loop does the retries. The
   * model never changes the client; it passes its own `maxRetries` with each request.
   */
  client: OpenAI;
  /** The model name, e.g. `'gpt-4o-mini'`. */
  model: string;
  /**
   * Send the tools in OpenAI strict mode (see `toOpenAITools`). Optional arguments are
   * then sent as `null` by the model, which the core decoder treats as absent.
   * Default `false`.
   */
  strict?: boolean;
  /**
   * Retries the `openai` client itself makes per request. Default `0`, because the agent
   * loop retries retryable {@link ModelCallError}s with backoff and counts the attempts.
   */
  maxRetries?: number;
  /** Per-request timeout in ms (the client's `timeout`); a timeout is a retryable error. */
  timeoutMs?: number;
  /**
   * Extra Chat Completions parameters for every request (`temperature`, `max_completion_tokens`,
   * `parallel_tool_calls`, ...); a request's `settings` and `providerOptions.openai` win over them.
   */
  parameters?: ChatCompletionParameters;
}

/** Options of `OpenAIChatModel.fromEnv(...)`: every model option, with client and model optional. */
export interface OpenAIChatModelFromEnvOptions extends Omit<OpenAIChatModelOptions, 'client' | 'model'> {
  /** The model name; default `OPENAI_MODEL`, then `'gpt-4o-mini'`. */
  model?: string;
  /** Options for the client created from the environment (`apiKey`, `baseURL`, ...); `maxRetries` defaults to 0. */
  clientOptions?: ClientOptions;
}
