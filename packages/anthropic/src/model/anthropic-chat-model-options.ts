import type Anthropic from '@anthropic-ai/sdk';
import type { ClientOptions } from '@anthropic-ai/sdk';
import type { MessageCreateParamsBase } from '@anthropic-ai/sdk/resources/messages';

/**
 * Messages API parameters an {@link AnthropicChatModelOptions} may add to every request (`thinking`,
 * `metadata`, `service_tier`, `output_config.effort`, `inference_geo`, ...): everything but what the
 * model builds itself from the transcript and the request.
 */
export type AnthropicMessageParameters = Omit<
  MessageCreateParamsBase,
  'model' | 'messages' | 'system' | 'tools' | 'tool_choice' | 'stream' | 'max_tokens'
>;

/** Options of `new AnthropicChatModel(...)`. */
export interface AnthropicChatModelOptions {
  /** The model name, e.g. `'claude-sonnet-4-6'`. */
  model: string;
  /**
   * The most tokens an answer may have (`max_tokens`, which the Messages API requires), when the request's
   * `settings.maxOutputTokens` does not say. Thinking tokens count toward it.
   */
  maxTokens: number;
  /**
   * The `@anthropic-ai/sdk` client. Without one, the model makes `new Anthropic({ maxRetries: 0,
   * ...clientOptions })`, which reads `ANTHROPIC_API_KEY` and `ANTHROPIC_BASE_URL`. The model never
   * changes the client; it passes its own `maxRetries` with each request.
   */
  client?: Anthropic;
  /** Options for the client the model makes when `client` is not given (`apiKey`, `baseURL`, ...). */
  clientOptions?: ClientOptions;
  /**
   * Prompt caching. `'auto'` (the default) puts `cache_control: { type: 'ephemeral' }` breakpoints on
   * the last tool, the last system block and the last block of the last message (three of the four the
   * API allows), so each turn of an agent reads the prefix the turn before wrote. `'off'` sends none.
   */
  cache?: 'auto' | 'off';
  /**
   * Strict tool use: every tool is sent with `strict: true` and a schema converted for constrained
   * decoding (see `toAnthropicTools`). Default `false`.
   */
  strict?: boolean;
  /** Whether the model may call several tools in one answer (default `true`; `false` sends `disable_parallel_tool_use`). */
  parallelToolCalls?: boolean;
  /**
   * What to do with `settings` the Messages API does not take: `temperature` and `topP` (API version
   * 2026-10-21, which `@anthropic-ai/sdk` 1.x sends, answers 400 to `temperature`, `top_p` and `top_k`)
   * and `seed` (never an Anthropic parameter). `'error'` (the default) fails the request with a
   * `ModelCallError` naming the setting before anything is sent; `'ignore'` leaves them out.
   */
  unsupportedSettings?: 'error' | 'ignore';
  /**
   * How many times one call continues a turn the API paused (`stop_reason: 'pause_turn'`, a long
   * server-tool turn) by sending the paused content back. Default 5; one more pause is a `ModelCallError`.
   */
  maxPauseContinuations?: number;
  /**
   * Retries the client itself makes per request. Default `0`, because the agent loop retries retryable
   * `ModelCallError`s with backoff and counts the attempts.
   */
  maxRetries?: number;
  /** Per-request timeout in ms (the client's `timeout`); a timeout is a retryable error. */
  timeoutMs?: number;
  /** Extra Messages API parameters for every request (`thinking`, `metadata`, `service_tier`, ...). */
  parameters?: AnthropicMessageParameters;
}
