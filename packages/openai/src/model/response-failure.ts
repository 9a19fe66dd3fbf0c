import { ModelCallError } from '@toolcraft/core';
import { isRetryableCode } from './to-model-call-error.js';

/** What OpenAI says of a failure inside a 200 answer: a failed response's `error`, or a stream's `error` event. */
export interface ResponseFailureDetails {
  code?: string | null;
  message?: string | null;
}

/**
 * The error of a response that failed on OpenAI's side after the request was accepted (status
 * `failed`, a `response.failed` event, an `error` event): retryable when the code says the same
 * request may pass later (`server_error`, `rate_limit_exceeded`).
 * @param model - the model name, for the message
 * @param details - the failure's code and message, as OpenAI gave them
 * @param what - what failed, e.g. `the response 'resp_1'`
 * @returns the error to throw
 */
export function responseFailure(model: string, details: ResponseFailureDetails | null | undefined, what = 'the response'): ModelCallError {
  const code = typeof details?.code === 'string' ? details.code : undefined;
  const message = typeof details?.message === 'string' && details.message !== '' ? details.message : 'no message given';
  return new ModelCallError(
    `OpenAI response with model '${model}' failed: ${what} failed${code === undefined ? '' : ` (${code})`}: ${message}`,
    {
      retryable: isRetryableCode(code),
      provider: 'openai',
      cause: details,
    },
  );
}

/**
 * The error of an answer that cannot be read as a response, or that left nothing to return.
 * @param model - the model name, for the message
 * @param problem - what came back, in words
 * @param retryable - whether asking again may help (a cut stream); default false
 * @returns the error to throw
 */
export function unreadableResponse(model: string, problem: string, retryable = false): ModelCallError {
  return new ModelCallError(`OpenAI response with model '${model}' failed: ${problem}`, { retryable, provider: 'openai' });
}
