import type { LanguageModelV3FinishReason } from '@ai-sdk/provider';
import type { FinishReason } from '@toolcraft/core';

/**
 * Maps the AI SDK's unified finish reason: `'stop'`, `'length'`, `'tool-calls'`, `'content-filter'`
 * as they are (`'content_filter'`, `'tool_calls'`), a raw `'refusal'` (OpenAI) as `'refusal'`, and
 * `'error'` or `'other'` as `'other'`. A `'stop'` with tool calls in the answer (some providers say
 * so) is `'tool_calls'`.
 * @param reason - the model's finish reason, if it gave one
 * @param hasToolCalls - whether the answer calls tools
 * @returns the finish reason, or undefined
 */
export function fromFinishReason(reason: LanguageModelV3FinishReason | undefined, hasToolCalls: boolean): FinishReason | undefined {
  if (reason === undefined) return undefined;
  if (reason.raw === 'refusal') return 'refusal';
  switch (reason.unified) {
    case 'stop':
      return hasToolCalls ? 'tool_calls' : 'stop';
    case 'length':
      return 'length';
    case 'tool-calls':
      return 'tool_calls';
    case 'content-filter':
      return 'content_filter';
    default:
      return 'other';
  }
}
