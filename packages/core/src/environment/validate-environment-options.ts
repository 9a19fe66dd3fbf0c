import { InvalidEnvironmentOptionsError } from '../errors/invalid-environment-options-error.js';
import type { AgentEnvironmentOptions } from './agent-environment-options.js';
import { errorDetails } from './error-detail.js';

/**
 * Checks an environment's numeric options and its `errorDetail`.
 * @param options - the options
 * @throws InvalidEnvironmentOptionsError naming the first bad option
 */
export function validateEnvironmentOptions(options: AgentEnvironmentOptions): void {
  const { maxConcurrency, toolTimeoutMs, maxResultChars, argumentLimits, errorDetail } = options;
  if (errorDetail !== undefined && !errorDetails.includes(errorDetail)) {
    throw new InvalidEnvironmentOptionsError('errorDetail', errorDetail, `one of ${errorDetails.map((value) => `'${value}'`).join(', ')}`);
  }
  if (
    maxConcurrency !== undefined &&
    !(maxConcurrency === Number.POSITIVE_INFINITY || (Number.isInteger(maxConcurrency) && maxConcurrency >= 1))
  ) {
    throw new InvalidEnvironmentOptionsError('maxConcurrency', maxConcurrency, 'an integer of at least 1 (or Infinity)');
  }
  if (toolTimeoutMs !== undefined && !(toolTimeoutMs > 0)) {
    throw new InvalidEnvironmentOptionsError('toolTimeoutMs', toolTimeoutMs, 'a number above 0 (Infinity for no limit)');
  }
  if (maxResultChars !== undefined && !(Number.isInteger(maxResultChars) && maxResultChars >= 0)) {
    throw new InvalidEnvironmentOptionsError('maxResultChars', maxResultChars, 'an integer of at least 0');
  }
  for (const key of ['maxLength', 'maxDepth', 'maxViolations', 'maxQuotedLength'] as const) {
    const value = argumentLimits?.[key];
    if (value !== undefined && !(Number.isInteger(value) && value >= 1)) {
      throw new InvalidEnvironmentOptionsError(`argumentLimits.${key}`, value, 'an integer of at least 1');
    }
  }
}
