import { ModelCallError } from '../errors/model-call-error.js';

/** The headers of a failed HTTP response, as `fetch` and the `openai` client expose them. */
export interface HeadersLike {
  get(name: string): string | null;
}

const retryableCodes = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * The one rule of which HTTP statuses may succeed on a retry (the `openai` client's rule):
 * 408, 409, 429 and every status of 500 and above. A server's `x-should-retry: true|false` header
 * wins when present.
 * @param status - the HTTP status
 * @param headers - the response headers, if any
 * @returns true when a request that failed with this status should be retried
 * @example
 * isRetryableStatus(429); // true
 * isRetryableStatus(400); // false
 */
export function isRetryableStatus(status: number, headers?: HeadersLike): boolean {
  const shouldRetry = headers?.get('x-should-retry');
  if (shouldRetry === 'true') return true;
  if (shouldRetry === 'false') return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/**
 * Tells whether a failed model call may succeed on a retry. A {@link ModelCallError} says so
 * itself (`retryable`, which adapters set with {@link isRetryableStatus}). Any other error is
 * retryable when it carries an HTTP `status` (or `statusCode`) that {@link isRetryableStatus}
 * accepts, or a network `code` such as `ECONNRESET` or `ETIMEDOUT` (on itself or its `cause`).
 * Everything else, 400 and 401 included, is not.
 * @param error - what the model call threw
 * @returns true when the call should be retried
 */
export function isRetryableError(error: unknown): boolean {
  if (ModelCallError.isInstance(error)) return error.retryable;
  const status = statusOf(error);
  if (status !== undefined) return isRetryableStatus(status, headersOf(error));
  return hasRetryableCode(error) || hasRetryableCode(field(error, 'cause'));
}

/**
 * Reads the HTTP status of an error (`status` or `statusCode`), if it has one.
 * @param error - any value
 * @returns the status, or undefined
 */
export function statusOf(error: unknown): number | undefined {
  const status = field(error, 'status') ?? field(error, 'statusCode');
  return typeof status === 'number' ? status : undefined;
}

/**
 * Reads the server's `retry-after` wait of an error (`retryAfterMs`), if it has one.
 * @param error - any value
 * @returns the wait in ms, or undefined
 */
export function retryAfterOf(error: unknown): number | undefined {
  const wait = field(error, 'retryAfterMs');
  return typeof wait === 'number' && wait >= 0 ? wait : undefined;
}

function headersOf(error: unknown): HeadersLike | undefined {
  const headers = field(error, 'headers');
  return typeof headers === 'object' && headers !== null && typeof (headers as HeadersLike).get === 'function'
    ? (headers as HeadersLike)
    : undefined;
}

function hasRetryableCode(error: unknown): boolean {
  const code = field(error, 'code');
  return typeof code === 'string' && retryableCodes.has(code);
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}
