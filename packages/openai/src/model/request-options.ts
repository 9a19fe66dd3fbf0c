import type OpenAI from 'openai';

/** The options the `openai` client takes with one request. */
type RequestOptions = NonNullable<Parameters<OpenAI['responses']['create']>[1]>;

/** The per-request client options both OpenAI models take. */
export interface OpenAIRequestSettings {
  /** Retries the client makes itself; default 0 (the agent loop retries). */
  maxRetries?: number;
  /** The request's timeout in ms; default the client's. */
  timeoutMs?: number;
}

/**
 * The options passed with each request: the request's signal, the model's `maxRetries` (0 unless
 * set, so one call is one HTTP attempt whatever the client's own setting) and its timeout. The
 * client itself is never changed.
 * @param settings - the model's `maxRetries` and `timeoutMs`
 * @param signal - the request's signal
 * @returns the request options
 */
export function requestOptions(settings: OpenAIRequestSettings, signal: AbortSignal | undefined): RequestOptions {
  const options: RequestOptions = { maxRetries: settings.maxRetries ?? 0 };
  if (signal !== undefined) options.signal = signal;
  if (settings.timeoutMs !== undefined) options.timeout = settings.timeoutMs;
  return options;
}
