import { InvalidAgentOptionsError } from '../errors/invalid-agent-options-error.js';
import { InvalidRunOptionsError } from '../errors/invalid-run-options-error.js';

/**
 * @param option - the option's name
 * @param value - its value (undefined: not given)
 * @param methods - the methods it must have
 * @param expected - what was expected, for the error
 * @param owner - whose option it is: the agent's (default) or a run's
 * @throws InvalidAgentOptionsError (InvalidRunOptionsError for a run's option) when a method is missing
 * @internal
 */
export function checkMethods(
  option: string,
  value: unknown,
  methods: readonly string[],
  expected: string,
  owner: 'agent' | 'run' = 'agent',
): void {
  if (value === undefined) return;
  const object = value as Record<string, unknown> | null;
  if (typeof object !== 'object' || object === null || methods.some((method) => typeof object[method] !== 'function'))
    throw owner === 'run' ? new InvalidRunOptionsError(option, value, expected) : new InvalidAgentOptionsError(option, value, expected);
}
