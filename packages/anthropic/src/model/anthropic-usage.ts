import type { Usage } from '@toolcraft/core';
import type { Usage as MessageUsage } from '@anthropic-ai/sdk/resources/messages';

/**
 * Maps the usage of a message to {@link Usage}. The API counts input in three parts: `input_tokens`
 * (after the last cache breakpoint), `cache_creation_input_tokens` (written to the cache) and
 * `cache_read_input_tokens` (read from it); `inputTokens` is their sum, all the input the model read,
 * and `cachedInputTokens` the part read from the cache. `reasoningTokens` is
 * `output_tokens_details.thinking_tokens`. A missing or malformed count reads as 0.
 * @param usage - the `usage` of a message (or of a stream, assembled)
 * @returns the usage
 */
export function fromAnthropicUsage(usage: Partial<MessageUsage>): Usage {
  const cacheRead = count(usage.cache_read_input_tokens);
  const input = count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + cacheRead;
  const output = count(usage.output_tokens);
  const result: Usage = { inputTokens: input, outputTokens: output, totalTokens: input + output };
  if (usage.cache_read_input_tokens != null) result.cachedInputTokens = cacheRead;
  const thinking = usage.output_tokens_details?.thinking_tokens;
  if (thinking != null) result.reasoningTokens = count(thinking);
  return result;
}

/**
 * Adds the usage of two requests of one turn (a turn the API paused, then continued).
 * @param left - the usage so far
 * @param right - the next request's
 * @returns the sum; an optional count is present when either side has it
 */
export function addUsage(left: Usage, right: Usage): Usage {
  const sum: Usage = {
    inputTokens: left.inputTokens + right.inputTokens,
    outputTokens: left.outputTokens + right.outputTokens,
    totalTokens: left.totalTokens + right.totalTokens,
  };
  for (const key of ['cachedInputTokens', 'reasoningTokens'] as const) {
    if (left[key] !== undefined || right[key] !== undefined) sum[key] = (left[key] ?? 0) + (right[key] ?? 0);
  }
  return sum;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}
