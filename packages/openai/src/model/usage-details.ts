import type { Usage } from '@toolcraft/core';
import { readUsage } from '@toolcraft/core/internal';

/** The token counts OpenAI reports, read from either API's `usage`. */
export interface OpenAITokenCounts {
  input: unknown;
  output: unknown;
  total: unknown;
  /** `prompt_tokens_details.cached_tokens` (Chat) or `input_tokens_details.cached_tokens` (Responses). */
  cached: unknown;
  /** `completion_tokens_details.reasoning_tokens` (Chat) or `output_tokens_details.reasoning_tokens` (Responses). */
  reasoning: unknown;
}

/**
 * Maps OpenAI token counts to {@link Usage}, always as numbers (core's `readUsage`: a numeric
 * string is read as its number, a malformed count as 0, a missing total as input plus output),
 * with `cachedInputTokens` and `reasoningTokens` when the server sent them as counts.
 * @param counts - the counts as the server sent them
 * @returns the usage
 */
export function toUsage(counts: OpenAITokenCounts): Usage {
  const usage = readUsage({ inputTokens: counts.input, outputTokens: counts.output, totalTokens: counts.total }) as Usage;
  const cached = readCount(counts.cached);
  const reasoning = readCount(counts.reasoning);
  if (cached !== undefined) usage.cachedInputTokens = cached;
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  return usage;
}

/**
 * Reads a field of a details object the server may have left out or sent as `null`.
 * @param details - `prompt_tokens_details` and the like
 * @param key - the count's name
 * @returns the value, or undefined
 */
export function detail(details: unknown, key: string): unknown {
  return typeof details === 'object' && details !== null ? (details as Record<string, unknown>)[key] : undefined;
}

function readCount(value: unknown): number | undefined {
  // One reading of counts: core's, for a usage of that one count.
  return value === undefined || value === null ? undefined : readUsage({ inputTokens: value, outputTokens: 0 })?.inputTokens;
}
