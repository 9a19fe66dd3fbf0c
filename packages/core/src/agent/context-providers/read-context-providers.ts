import { InvalidAgentOptionsError } from '../../errors/invalid-agent-options-error.js';
import type { ContextProvider } from './context-provider.js';

/**
 * Checks an agent's `contextProviders` option.
 * @param value - its value
 * @returns the providers (frozen), or undefined for none
 * @throws InvalidAgentOptionsError for a value that is not a list of `{ name, provide }`
 * @internal
 */
export function readContextProviders(value: unknown): readonly ContextProvider[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    throw new InvalidAgentOptionsError('contextProviders', value, 'a list of context providers ({ name, provide(context) })');
  value.forEach((item: unknown, index) => {
    const provider = item as Partial<ContextProvider> | null;
    if (typeof provider !== 'object' || provider === null || typeof provider.name !== 'string' || provider.name === '')
      throw new InvalidAgentOptionsError(
        `contextProviders[${index}]`,
        item,
        'a context provider with a non-empty name ({ name, provide(context) })',
      );
    if (typeof provider.provide !== 'function')
      throw new InvalidAgentOptionsError(
        `contextProviders[${index}].provide`,
        provider.provide,
        'a function (context) => { instructions?, messages? }',
      );
    if (provider.timeoutMs !== undefined && !(provider.timeoutMs > 0))
      throw new InvalidAgentOptionsError(`contextProviders[${index}].timeoutMs`, provider.timeoutMs, 'a number above 0');
  });
  return value.length === 0 ? undefined : Object.freeze(value.slice() as ContextProvider[]);
}
