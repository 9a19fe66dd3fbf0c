import type { GenerateContentResponseUsageMetadata } from '@google/genai';
import type { Usage } from '@toolcraft/core';

/**
 * Maps Gemini's usage metadata: input is the prompt plus the results of server-side tools
 * (`promptTokenCount + toolUsePromptTokenCount`), output is the answer plus the thoughts
 * (`candidatesTokenCount + thoughtsTokenCount`: Gemini bills thoughts as output),
 * `cachedInputTokens` is `cachedContentTokenCount` (part of the prompt), `reasoningTokens` is
 * `thoughtsTokenCount`; a count that is missing or not a whole number counts as 0.
 * @param usage - the response's `usageMetadata`
 * @returns the usage
 */
export function fromUsageMetadata(usage: GenerateContentResponseUsageMetadata): Usage {
  const inputTokens = count(usage.promptTokenCount) + count(usage.toolUsePromptTokenCount);
  const reasoning = count(usage.thoughtsTokenCount);
  const outputTokens = count(usage.candidatesTokenCount) + reasoning;
  const total = count(usage.totalTokenCount);
  const result: Usage = { inputTokens, outputTokens, totalTokens: total > 0 ? total : inputTokens + outputTokens };
  if (usage.cachedContentTokenCount !== undefined) result.cachedInputTokens = count(usage.cachedContentTokenCount);
  if (usage.thoughtsTokenCount !== undefined) result.reasoningTokens = reasoning;
  return result;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}
