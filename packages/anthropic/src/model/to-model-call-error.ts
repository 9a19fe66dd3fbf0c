import { describeThrownValue, type HeadersLike, isRetryableStatus, ModelCallError, retryAfterMs } from '@toolcraft/core';
import { isDroppedConnection } from '@toolcraft/core/internal';
import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { anthropicProvider } from './anthropic-provider.js';

/**
 * Tells whether a failed request was aborted by the caller's signal. Such errors are rethrown
 * unchanged, never turned into `ModelCallError`s, so the agent loop stops with `'aborted'` instead of retrying.
 * @param error - what the client threw
 * @param signal - the request's signal
 * @returns true for an abort
 */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted === true) return true;
  if (error instanceof APIUserAbortError || className(error) === 'APIUserAbortError') return true;
  return error instanceof Error && error.name === 'AbortError';
}

/** Error types the API sends (in a body or an `error` event) for a failure that may pass: overloaded, rate-limited, an internal error, a timeout. */
const retryableTypes: ReadonlySet<string> = new Set(['overloaded_error', 'rate_limit_error', 'api_error', 'timeout_error']);

/**
 * Maps an error of the `@anthropic-ai/sdk` client to a {@link ModelCallError}: retryable for connection
 * errors and timeouts (a connection dropped while the body is read included), for the statuses core's one
 * rule accepts (`isRetryableStatus`: 408, 409, 429, 5xx with 529 overloaded, or as `x-should-retry` says),
 * except a 429 for a spend limit reached, and for an `error` event inside a stream of a type that may
 * pass (`overloaded_error`, `rate_limit_error`, `api_error`, `timeout_error`); with the HTTP status and
 * the wait the server asked for (`retryAfterMs`: `retry-after-ms`, `retry-after`).
 * @param error - what the client threw
 * @param model - the model name, for the message
 * @returns the error to throw
 */
export function toModelCallError(error: unknown, model: string): ModelCallError {
  if (ModelCallError.isInstance(error)) return error;
  const prefix = `Anthropic message with model '${model}' failed`;
  if (isConnectionError(error)) {
    return new ModelCallError(`${prefix}: ${(error as Error).message}`, { retryable: true, provider: anthropicProvider, cause: error });
  }
  if (isAPIError(error)) {
    const { status, type } = error;
    const headers = isHeadersLike(error.headers) ? error.headers : undefined;
    const wait = retryAfterMs(headers);
    const code = typeof error.errorCode === 'string' ? error.errorCode : undefined;
    if (typeof status === 'number') {
      return new ModelCallError(`${prefix} with status ${status}${type ? ` (${type})` : ''}: ${error.message}`, {
        // A spend limit reached will not pass by waiting.
        retryable: isRetryableStatus(status, headers) && !(code?.endsWith('spend_limit_reached') ?? false),
        status,
        provider: anthropicProvider,
        ...(wait === undefined ? {} : { retryAfterMs: wait }),
        cause: error,
      });
    }
    // No status: an `error` event inside a 200 stream.
    return new ModelCallError(`${prefix}: the stream sent an error event${type ? ` (${type})` : ''}: ${error.message}`, {
      retryable: typeof type === 'string' && retryableTypes.has(type),
      provider: anthropicProvider,
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
      cause: error,
    });
  }
  return new ModelCallError(`${prefix}: ${describeThrownValue(error)}`, { retryable: false, provider: anthropicProvider, cause: error });
}

function isConnectionError(error: unknown): boolean {
  const name = className(error);
  return (
    error instanceof APIConnectionError ||
    name === 'APIConnectionError' ||
    name === 'APIConnectionTimeoutError' ||
    isDroppedConnection(error)
  );
}

interface APIErrorLike {
  message: string;
  status?: number;
  headers?: unknown;
  type?: string | null;
  errorCode?: string | null;
}

function isAPIError(error: unknown): error is APIErrorLike {
  return (
    error instanceof APIError ||
    (error instanceof Error && className(error)?.endsWith('Error') === true && 'headers' in error && 'type' in error)
  );
}

function isHeadersLike(headers: unknown): headers is HeadersLike {
  return typeof headers === 'object' && headers !== null && typeof (headers as HeadersLike).get === 'function';
}

function className(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error.constructor as { name?: string } | undefined)?.name : undefined;
}
