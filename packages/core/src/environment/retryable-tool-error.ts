import { ToolTimeoutError } from '../errors/tool-timeout-error.js';

/**
 * The one rule of which failed tool calls a tool's `retry` runs again: a timeout, or an error
 * marked `retryable: true` (on itself or its `cause`). Everything else fails at once.
 * @param error - the error of a failed call (`result.error`)
 * @returns true when the call may be retried
 */
export function isRetryableToolError(error: unknown): boolean {
  return ToolTimeoutError.isInstance(error) || markedRetryable(error) || markedRetryable(field(error, 'cause'));
}

function markedRetryable(error: unknown): boolean {
  return field(error, 'retryable') === true;
}

function field(value: unknown, key: string): unknown {
  try {
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}
