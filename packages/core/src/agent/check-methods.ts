import { InvalidAgentOptionsError } from '../errors/invalid-agent-options-error.js';

/**
 * @param option - the option's name
 * @param value - its value (undefined: not given)
 * @param methods - the methods it must have
 * @param expected - what was expected, for the error
 * @throws InvalidAgentOptionsError when a method is missing
 * @internal
 */
export function checkMethods(option: string, value: unknown, methods: readonly string[], expected: string): void {
  if (value === undefined) return;
  const object = value as Record<string, unknown> | null;
  if (typeof object !== 'object' || object === null || methods.some((method) => typeof object[method] !== 'function'))
    throw new InvalidAgentOptionsError(option, value, expected);
}
