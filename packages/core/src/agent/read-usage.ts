import type { Usage } from '../model/chat-model.js';

/**
 * Reads the `usage` a model reported, always as numbers: a count sent as a numeric string
 * (`"107"`) is read as that number; a missing or malformed one (negative, fractional, `NaN`, an
 * object) as 0, or for the total, as input plus output; `cachedInputTokens` and `reasoningTokens`
 * kept when they are counts. Anything but an object is no usage.
 * @param value - the `usage` field of a model's reply
 * @returns the usage, or undefined when the model reported none
 */
export function readUsage(value: unknown): Usage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { inputTokens, outputTokens, totalTokens, cachedInputTokens, reasoningTokens } = value as Record<keyof Usage, unknown>;
  const input = toTokenCount(inputTokens) ?? 0;
  const output = toTokenCount(outputTokens) ?? 0;
  const usage: Usage = { inputTokens: input, outputTokens: output, totalTokens: toTokenCount(totalTokens) ?? input + output };
  const cached = toTokenCount(cachedInputTokens);
  if (cached !== undefined) usage.cachedInputTokens = cached;
  const reasoning = toTokenCount(reasoningTokens);
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  return usage;
}

function toTokenCount(value: unknown): number | undefined {
  const count = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : undefined;
}
