import type { FinishReason } from '@toolcraft/core';

const contentFilters: ReadonlySet<string> = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/** Finish reasons of a function call Gemini could not make: no answer came, and asking again may give one. */
export const failedCallReasons: ReadonlySet<string> = new Set(['MALFORMED_FUNCTION_CALL', 'UNEXPECTED_TOOL_CALL']);

/** Finish reasons after which an empty answer is not worth asking again for. */
export const finalReasons: ReadonlySet<string> = new Set(['LANGUAGE', 'TOO_MANY_TOOL_CALLS', 'NO_IMAGE', 'IMAGE_OTHER']);

/**
 * Maps a Gemini `finishReason` to the provider-neutral one: `STOP` → `'stop'` (`'tool_calls'` when the
 * answer calls functions), `MAX_TOKENS` and `CONTINUATION` → `'length'`, the safety, recitation,
 * blocklist, prohibited-content and SPII reasons → `'content_filter'`, anything else → `'other'`.
 * @param reason - the candidate's finish reason
 * @param calls - whether the answer holds function calls
 * @returns the finish reason
 */
export function toFinishReason(reason: string, calls: boolean): FinishReason {
  if (reason === 'STOP') return calls ? 'tool_calls' : 'stop';
  if (reason === 'MAX_TOKENS' || reason === 'CONTINUATION') return 'length';
  return contentFilters.has(reason) ? 'content_filter' : 'other';
}
