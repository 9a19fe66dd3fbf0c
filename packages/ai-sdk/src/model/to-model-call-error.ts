import { APICallError, AISDKError } from '@ai-sdk/provider';
import { describeThrownValue, isRetryableError, ModelCallError, retryAfterMs } from '@toolcraft/core';

/** Who failed, for the message and the error's `provider`. */
export interface FailedCall {
  /** The provider name (`'openai'`). */
  provider: string;
  /** The model id (`'gpt-5-mini'`). */
  modelId: string;
}

/**
 * Whether a failure is the request's own abort (rethrown as it is, as every adapter does).
 * @param error - what the model call threw
 * @param signal - the request's signal
 * @returns true when the signal has aborted and the error is its reason or an abort error
 */
export function isAbortError(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted !== true) return false;
  if (error === signal.reason) return true;
  try {
    const name = (error as { name?: unknown } | null)?.name;
    return name === 'AbortError' || name === 'TimeoutError' || name === 'ResponseAborted';
  } catch {
    // A value that cannot be inspected (a Proxy whose traps throw) is no abort error.
    return false;
  }
}

/**
 * Maps what an AI SDK model threw to a {@link ModelCallError}: an `APICallError` keeps its status,
 * `retryable` is its `isRetryable` (the provider's judgement: 408, 409, 429, 5xx and connection
 * failures), and `retryAfterMs` comes from its response headers; another AI SDK error (an invalid
 * prompt, unsupported functionality, an unparsable response) is not retryable; anything else is
 * retryable when its status or network code says so (`isRetryableError`).
 * @param error - what `doGenerate`, `doStream` or the stream threw
 * @param call - the provider and model
 * @returns the error to throw (the original as its `cause`)
 */
export function toModelCallError(error: unknown, call: FailedCall): ModelCallError {
  try {
    return classify(error, call);
  } catch {
    // Reading the value threw (a Proxy whose traps throw): say so rather than let that escape.
    return new ModelCallError(`${call.provider} model '${call.modelId}' failed: it threw a value that cannot be inspected`, {
      retryable: false,
      provider: call.provider,
      cause: error,
    });
  }
}

function classify(error: unknown, call: FailedCall): ModelCallError {
  if (ModelCallError.isInstance(error)) return error;
  const prefix = `${call.provider} model '${call.modelId}' failed`;
  if (APICallError.isInstance(error)) {
    const wait = retryAfterMs(headersOf(error.responseHeaders));
    return new ModelCallError(`${prefix}${error.statusCode === undefined ? '' : ` with HTTP ${error.statusCode}`}: ${error.message}`, {
      retryable: error.isRetryable,
      provider: call.provider,
      cause: error,
      ...(error.statusCode === undefined ? {} : { status: error.statusCode }),
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
    });
  }
  return new ModelCallError(`${prefix}: ${describeThrownValue(error)}`, {
    retryable: !AISDKError.isInstance(error) && isRetryableError(error),
    provider: call.provider,
    cause: error,
  });
}

function headersOf(headers: Record<string, string> | undefined): Headers | undefined {
  if (headers === undefined) return undefined;
  try {
    return new Headers(headers);
  } catch {
    return undefined;
  }
}
