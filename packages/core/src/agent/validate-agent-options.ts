import type { ResolvedRetryOptions } from './retry/retry-options.js';
import { InvalidAgentOptionsError } from '../errors/invalid-agent-options-error.js';

/** The limits of an agent, defaults filled in. */
export interface AgentLimits {
  maxIterations: number;
  maxToolCalls: number;
  maxDurationMs: number;
}

/**
 * Checks an agent's limits and retry policy.
 * @param limits - the limits
 * @param retry - the retry policy
 * @throws InvalidAgentOptionsError naming the first bad option
 */
export function validateAgentOptions(limits: AgentLimits, retry: ResolvedRetryOptions): void {
  integer('maxIterations', limits.maxIterations, 1);
  integer('maxToolCalls', limits.maxToolCalls, 0);
  if (!(limits.maxDurationMs > 0))
    throw new InvalidAgentOptionsError('maxDurationMs', limits.maxDurationMs, 'a number above 0 (Infinity for no limit)');
  integer('retry.maxRetries', retry.maxRetries, 0);
  if (!(retry.baseDelayMs >= 0)) throw new InvalidAgentOptionsError('retry.baseDelayMs', retry.baseDelayMs, 'a number of at least 0');
  if (!(retry.maxDelayMs >= 0)) throw new InvalidAgentOptionsError('retry.maxDelayMs', retry.maxDelayMs, 'a number of at least 0');
}

function integer(option: string, value: number, minimum: number): void {
  if (value === Number.POSITIVE_INFINITY) return;
  if (!Number.isInteger(value) || value < minimum)
    throw new InvalidAgentOptionsError(option, value, `an integer of at least ${minimum} (or Infinity)`);
}
