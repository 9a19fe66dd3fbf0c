import type { LanguageModelV3Usage } from '@ai-sdk/provider';
import type { Usage } from '@toolcraft/core';

/**
 * Maps the AI SDK's usage: input and output totals (0 when the provider gives none), the input
 * read from the prompt cache (`inputTokens.cacheRead`) and the output spent on reasoning
 * (`outputTokens.reasoning`) when the provider says.
 * @param usage - the model's usage
 * @returns the usage
 */
export function fromUsage(usage: LanguageModelV3Usage): Usage {
  const input = count(usage.inputTokens?.total);
  const output = count(usage.outputTokens?.total);
  const result: Usage = { inputTokens: input, outputTokens: output, totalTokens: input + output };
  const cached = usage.inputTokens?.cacheRead;
  if (cached != null) result.cachedInputTokens = count(cached);
  const reasoning = usage.outputTokens?.reasoning;
  if (reasoning != null) result.reasoningTokens = count(reasoning);
  return result;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}
