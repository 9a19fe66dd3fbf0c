import { describeThrownValue } from '../errors/describe-thrown-value.js';
import { isRaisedByFramework } from './framework-raised.js';

/**
 * What the model is told of an error thrown by a tool: `'message'` (the error's message, never its
 * stack), `'generic'` (only that the tool failed) or `'full'` (class, message and cause chain).
 */
export type ErrorDetail = 'message' | 'generic' | 'full';

/** The accepted values of `errorDetail`. */
export const errorDetails: readonly ErrorDetail[] = ['message', 'generic', 'full'];

/**
 * Words for the model about a failed tool call. Errors the framework itself raised for this call
 * (timeout, cancellation, unknown tool, missing context) are told as they are: they carry no secrets
 * and help the model. Anything else, toolcraft errors a tool throws included, follows `detail`.
 * Never throws, whatever was thrown (see {@link describeThrownValue}).
 * @param toolName - the tool
 * @param error - what it threw
 * @param detail - how much to tell
 * @param call - the call being answered (the dispatcher's object for it), for provenance
 * @returns the text for the model
 */
export function describeToolError(toolName: string, error: unknown, detail: ErrorDetail, call: object): string {
  if (isRaisedByFramework(error, call)) return `Error: ${describeThrownValue(error)}`;
  switch (detail) {
    case 'generic':
      return `Error: tool '${toolName}' failed. No details are available; try different arguments or another approach.`;
    case 'full':
      return `Error: tool '${toolName}' failed with ${describeThrownValue(error, { detail: 'full' })}`;
    default:
      return `Error: tool '${toolName}' failed: ${describeThrownValue(error)}`;
  }
}
