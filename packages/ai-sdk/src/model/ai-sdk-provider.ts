import { ModelCallError } from '@toolcraft/core';

/**
 * The provider name of an AI SDK model for traces: its `provider` up to the first dot
 * (`'openai.chat'` gives `'openai'`, `'google.generative-ai'` gives `'google'`).
 * @param provider - the model's `provider`
 * @returns the name
 */
export function providerName(provider: string): string {
  const dot = provider.indexOf('.');
  return dot > 0 ? provider.slice(0, dot) : provider;
}

/**
 * A non-retryable {@link ModelCallError}: a request that cannot be sent as it is, or an answer that does not fit.
 * @param provider - the provider name
 * @param message - what is wrong
 * @param cause - the underlying value, if any
 * @returns the error to throw
 */
export function requestError(provider: string, message: string, cause?: unknown): ModelCallError {
  return new ModelCallError(message, { retryable: false, provider, ...(cause === undefined ? {} : { cause }) });
}
