import { ApiError } from '@google/genai';
import { describeThrownValue, isRetryableError, isRetryableStatus, ModelCallError, retryAfterMs, type HeadersLike } from '@toolcraft/core';
import { isDroppedConnection } from '@toolcraft/core/internal';
import { googleProvider } from '../schema/schema-context.js';

/** The error body of a Google API (`google.rpc.Status` in JSON), as the SDK puts it in `ApiError.message`. */
interface GoogleErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: unknown;
  };
}

/**
 * Maps what a `@google/genai` call threw to a {@link ModelCallError}: an `ApiError` with its HTTP
 * status and the Google error's status and message, retryable for the statuses core's rule accepts
 * (`isRetryableStatus`: 408, 409, 429, 5xx), waiting as the server asks (`RetryInfo.retryDelay` in
 * the error's details, or a `retry-after` header when the error carries headers: the SDK's
 * `ApiError` does not); a connection refused or reset before or during the body, and a stream
 * whose last event was cut, retryable; anything else not.
 * @param error - what the SDK threw
 * @param model - the model, for the message
 * @returns the error to throw
 */
export function toModelCallError(error: unknown, model: string): ModelCallError {
  if (ModelCallError.isInstance(error)) return error;
  const prefix = `Gemini request with model '${model}' failed`;
  if (isApiError(error)) {
    const body = parseBody(error.message);
    const status = error.status;
    const google = body?.error;
    const headers = headersOf(error);
    const wait = retryDelayOf(google?.details) ?? retryAfterMs(headers);
    const text = google?.message ?? error.message;
    return new ModelCallError(`${prefix} with status ${status}${google?.status ? ` ${google.status}` : ''}: ${text}`, {
      retryable: isRetryableStatus(status, headers),
      status,
      ...(wait === undefined ? {} : { retryAfterMs: wait }),
      provider: googleProvider,
      cause: error,
    });
  }
  if (isCutStream(error) || isDroppedConnection(error) || isRetryableError(error)) {
    return new ModelCallError(`${prefix}: ${describeThrownValue(error)} (the connection was refused, reset or cut)`, {
      retryable: true,
      provider: googleProvider,
      cause: error,
    });
  }
  return new ModelCallError(`${prefix}: ${describeThrownValue(error)}`, { retryable: false, provider: googleProvider, cause: error });
}

/**
 * Tells an abort (the caller's signal, or the SDK's timeout) from other failures: an `AbortError`,
 * or an error caused by one (the SDK wraps a thrown value that is not an `Error` of its realm).
 * @param error - what the SDK threw
 * @returns true for an abort
 */
export function isAbortError(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    if ((current as { name?: unknown }).name === 'AbortError') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function isApiError(error: unknown): error is Error & { status: number } {
  return (
    error instanceof Error &&
    (error instanceof ApiError || error.name === 'ApiError') &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/** The JSON in an `ApiError`'s message: the whole message, or after `got status: ...` for an error event in a stream. */
function parseBody(message: string): GoogleErrorBody | undefined {
  const start = message.indexOf('{');
  if (start === -1) return undefined;
  try {
    const body: unknown = JSON.parse(message.slice(start));
    return typeof body === 'object' && body !== null ? (body as GoogleErrorBody) : undefined;
  } catch {
    return undefined;
  }
}

/** `RetryInfo.retryDelay`, a protobuf Duration: `"13s"`, `"0.5s"`, or `{ seconds, nanos }`. */
function retryDelayOf(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details as unknown[]) {
    if (typeof detail !== 'object' || detail === null) continue;
    const { '@type': type, retryDelay: delay } = detail as { '@type'?: unknown; retryDelay?: unknown };
    if (typeof type !== 'string' || !type.endsWith('google.rpc.RetryInfo')) continue;
    if (typeof delay === 'string') {
      const match = /^\s*(\d+(?:\.\d+)?)s\s*$/.exec(delay);
      if (match !== null) return Math.round(Number.parseFloat(match[1]) * 1000);
    } else if (typeof delay === 'object' && delay !== null) {
      const { seconds, nanos } = delay as { seconds?: unknown; nanos?: unknown };
      const whole = Number(seconds ?? 0);
      const fraction = Number(nanos ?? 0);
      if (Number.isFinite(whole) && Number.isFinite(fraction)) return Math.round(whole * 1000 + fraction / 1e6);
    }
  }
  return undefined;
}

function headersOf(error: unknown): HeadersLike | undefined {
  const headers =
    (error as { headers?: unknown; response?: { headers?: unknown } }).headers ??
    (error as { response?: { headers?: unknown } }).response?.headers;
  return typeof headers === 'object' && headers !== null && typeof (headers as HeadersLike).get === 'function'
    ? (headers as HeadersLike)
    : undefined;
}

/** The SDK's error for a stream whose body ended inside an event. */
function isCutStream(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { message?: unknown }).message === 'Incomplete JSON segment at the end';
}
