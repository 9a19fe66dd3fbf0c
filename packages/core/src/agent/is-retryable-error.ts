import { ModelCallError } from '../errors/model-call-error.js';

const retryableCodes = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * Tells whether a failed model call may succeed on a retry. A {@link ModelCallError} says so
 * itself (`retryable`). Any other error is retryable when it carries an HTTP `status` of 408,
 * 429 or 5xx, or a network `code` such as `ECONNRESET` or `ETIMEDOUT` (on itself or its `cause`).
 * Everything else, 400 and 401 included, is not.
 * @param error - what the model call threw
 * @returns true when the call should be retried
 */
export function isRetryableError(error: unknown): boolean {
  if (ModelCallError.isInstance(error)) return error.retryable;
  const status = statusOf(error);
  if (status !== undefined) return status === 408 || status === 429 || (status >= 500 && status <= 599);
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

function hasRetryableCode(error: unknown): boolean {
  const code = field(error, 'code');
  return typeof code === 'string' && retryableCodes.has(code);
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}
