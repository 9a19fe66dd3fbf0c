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
  return {
    inputTokens: total.inputTokens + (more.inputTokens ?? 0),
    outputTokens: total.outputTokens + (more.outputTokens ?? 0),
    totalTokens: total.totalTokens + (more.totalTokens ?? 0),
  };
}
