import { describeThrownValue, type HeadersLike, isRetryableStatus, ModelCallError, retryAfterMs } from '@toolcraft/core';
import { isDroppedConnection } from '@toolcraft/core/internal';
import { APIConnectionError, APIError, APIUserAbortError } from 'openai';

/**
 * Tells whether a failed request was aborted by the caller's signal. Such errors are
 * rethrown unchanged (`APIUserAbortError` or an `AbortError`), never turned into
 * {@link ModelCallError}s, so the agent loop stops with `'aborted'` instead of retrying.
 * @param error - what the client threw
 * @param signal - the request's signal
 * @returns true for an abort
 */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted === true) return true;
  if (error instanceof APIUserAbortError || className(error) === 'APIUserAbortError') return true;
  return error instanceof Error && error.name === 'AbortError';
}

/** Error codes of a failed response (`response.failed`, an `error` event) that may pass when asked again. */
const retryableCodes: ReadonlySet<string> = new Set(['server_error', 'rate_limit_exceeded']);

/**
 * Tells whether an OpenAI error code (of a failed response or a stream's `error` event) says the
 * same request may succeed later: `server_error` and `rate_limit_exceeded`.
 * @param code - the error's `code`
 * @returns true for a retryable code
 */
export function isRetryableCode(code: unknown): boolean {
  return typeof code === 'string' && retryableCodes.has(code);
}

/**
 * Maps an error of the `openai` client to a {@link ModelCallError} (provider `'openai'`): retryable
 * for connection errors and timeouts (a connection dropped while the body is read included), for
 * the statuses core's one rule accepts (`isRetryableStatus`: 408, 409, 429, 5xx, or as the server's
 * `x-should-retry` header says), except a 429 for an exhausted quota, and for an error the client
 * read from a stream (no status) whose code is retryable; with the HTTP status and the wait the
 * server asked for (`retryAfterMs`: `retry-after-ms`, `retry-after`).
 * @param error - what the client threw
 * @param model - the model name, for the message
 * @param operation - what failed, for the message (`'chat completion'`, `'response'`)
 * @returns the error to throw
 */
export function toModelCallError(error: unknown, model: string, operation = 'chat completion'): ModelCallError {
  if (ModelCallError.isInstance(error)) return error;
  const prefix = `OpenAI ${operation} with model '${model}' failed`;
  const provider = 'openai';
  if (isConnectionError(error)) {
    return new ModelCallError(`${prefix}: ${(error as Error).message}`, { retryable: true, provider, cause: error });
  }
  if (isStatusError(error)) {
    const status = error.status;
    const headers = isHeadersLike(error.headers) ? error.headers : undefined;
    return new ModelCallError(`${prefix} with status ${status}: ${error.message}`, {
      // A 429 for an exhausted quota will not pass by waiting.
      retryable: isRetryableStatus(status, headers) && (error as { code?: unknown }).code !== 'insufficient_quota',
      status,
      retryAfterMs: retryAfterMs(headers),
      provider,
      cause: error,
    });
  }
  const message = describeThrownValue(error);
  // An error event inside a stream: the client throws it as an `APIError` without a status.
  const code = error instanceof APIError ? error.code : undefined;
  return new ModelCallError(`${prefix}: ${message}`, { retryable: isRetryableCode(code), provider, cause: error });
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

function isHeadersLike(headers: unknown): headers is HeadersLike {
  return typeof headers === 'object' && headers !== null && typeof (headers as HeadersLike).get === 'function';
}

function isStatusError(error: unknown): error is Error & { status: number; headers?: unknown } {
  if (!(error instanceof Error)) return false;
  const status = (error as { status?: unknown }).status;
  return (error instanceof APIError || 'headers' in error) && typeof status === 'number';
}

function className(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? (error.constructor as { name?: string } | undefined)?.name : undefined;
}
