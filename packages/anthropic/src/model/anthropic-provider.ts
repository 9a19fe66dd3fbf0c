import { ModelCallError } from '@toolcraft/core';

/** The provider name (`gen_ai.provider.name` of the OpenTelemetry GenAI conventions), on every error. */
export const anthropicProvider = 'anthropic';

/**
 * A non-retryable {@link ModelCallError} of this provider: a request that cannot be sent as it is,
 * or an answer that does not fit.
 * @param message - what is wrong and what came back
 * @param cause - the underlying value, if any
 * @returns the error to throw
 */
export function anthropicError(message: string, cause?: unknown): ModelCallError {
  return new ModelCallError(message, { retryable: false, provider: anthropicProvider, ...(cause === undefined ? {} : { cause }) });
}
