import type { Usage } from '../model/chat-model.js';

/**
 * Reads the `usage` a model reported, always as numbers: a count sent as a numeric string
 * (`"107"`) is read as that number; a missing or malformed one (negative, fractional, `NaN`, an
 * object) as 0, or for the total, as input plus output. Anything but an object is no usage.
 * @param value - the `usage` field of a model's reply
 * @returns the usage, or undefined when the model reported none
 */
export function readUsage(value: unknown): Usage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { inputTokens, outputTokens, totalTokens } = value as Record<keyof Usage, unknown>;
  const input = toTokenCount(inputTokens) ?? 0;
  const output = toTokenCount(outputTokens) ?? 0;
  return { inputTokens: input, outputTokens: output, totalTokens: toTokenCount(totalTokens) ?? input + output };
}

function toTokenCount(value: unknown): number | undefined {
  const count = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0 ? count : undefined;
}
