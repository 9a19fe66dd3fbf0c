import type { Usage } from '../model/chat-model.js';

/** Usage with every count at zero. */
export const zeroUsage: Readonly<Usage> = Object.freeze({ inputTokens: 0, outputTokens: 0, totalTokens: 0 });

/**
 * Adds two usages.
 * @param total - the running total
 * @param more - one call's usage, if it reported any
 * @returns the sum (a new object)
 */
export function addUsage(total: Usage, more: Usage | undefined): Usage {
  if (more === undefined) return { ...total };
  const sum: Usage = {
    inputTokens: total.inputTokens + (more.inputTokens ?? 0),
    outputTokens: total.outputTokens + (more.outputTokens ?? 0),
    totalTokens: total.totalTokens + (more.totalTokens ?? 0),
  };
  // The optional counts appear in a total once any call reported them.
  if (total.cachedInputTokens !== undefined || more.cachedInputTokens !== undefined)
    sum.cachedInputTokens = (total.cachedInputTokens ?? 0) + (more.cachedInputTokens ?? 0);
  if (total.reasoningTokens !== undefined || more.reasoningTokens !== undefined)
    sum.reasoningTokens = (total.reasoningTokens ?? 0) + (more.reasoningTokens ?? 0);
  return sum;
}
