import type { FinishReason as UIFinishReason } from 'ai';
import type { RunResult } from '@toolcraft/core';

/**
 * The AI SDK's finish reason for a run: why it stopped, in the SDK's words.
 * @param result - the run's result
 * @returns `'tool-calls'` for a run waiting on its calls, the model's reason for a completed run, else `'length'`, `'content-filter'` or `'other'`
 * @internal
 */
export function uiFinishReason(result: RunResult): UIFinishReason {
  switch (result.stopReason) {
    case 'interrupted':
      return 'tool-calls';
    case 'completed':
      return result.finishReason === 'length'
        ? 'length'
        : result.finishReason === 'content_filter' || result.finishReason === 'refusal'
          ? 'content-filter'
          : 'stop';
    case 'guardrail':
      return 'content-filter';
    case 'max_iterations':
    case 'max_tool_calls':
      return 'length';
    default:
      return 'other';
  }
}
