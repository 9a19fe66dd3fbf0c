import { InvalidAgentOptionsError } from '../errors/invalid-agent-options-error.js';
import { InvalidRunOptionsError } from '../errors/invalid-run-options-error.js';
import type { ModelSettings } from '../model/chat-model.js';

const known = new Set(['temperature', 'topP', 'maxOutputTokens', 'stopSequences', 'seed']);

/**
 * Checks `modelSettings` (of the agent or of a run) and merges them, the run's winning per setting.
 * @param agent - the agent's settings, already checked
 * @param value - the run's (or, with no agent's, the agent's) `modelSettings` option
 * @param of - whose option it is: the agent's (an {@link InvalidAgentOptionsError}) or a run's ({@link InvalidRunOptionsError})
 * @returns the merged settings (the agent's object when the run adds none), or undefined for none
 * @throws InvalidAgentOptionsError or InvalidRunOptionsError naming the setting that is not what it must be
 */
export function readModelSettings(
  agent: ModelSettings | undefined,
  value: unknown,
  of: 'agent' | 'run' = 'agent',
): ModelSettings | undefined {
  const OptionError = of === 'agent' ? InvalidAgentOptionsError : InvalidRunOptionsError;
  const option = 'modelSettings';
  if (value === undefined) return agent;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new OptionError(option, value, '{ temperature?, topP?, maxOutputTokens?, stopSequences?, seed? }');
  const settings = value as Record<string, unknown>;
  for (const key of Object.keys(settings)) {
    if (!known.has(key)) throw new OptionError(`${option}.${key}`, settings[key], `one of ${[...known].join(', ')} (no such setting)`);
    const setting = settings[key];
    if (setting === undefined) continue;
    switch (key) {
      case 'temperature':
        if (!(typeof setting === 'number' && setting >= 0))
          throw new OptionError(`${option}.temperature`, setting, 'a number of at least 0');
        break;
      case 'topP':
        if (!(typeof setting === 'number' && setting >= 0 && setting <= 1))
          throw new OptionError(`${option}.topP`, setting, 'a number from 0 to 1');
        break;
      case 'maxOutputTokens':
        if (!(Number.isInteger(setting) && (setting as number) > 0))
          throw new OptionError(`${option}.maxOutputTokens`, setting, 'a whole number above 0');
        break;
      case 'seed':
        if (!Number.isInteger(setting)) throw new OptionError(`${option}.seed`, setting, 'a whole number');
        break;
      default:
        if (!Array.isArray(setting) || !setting.every((item) => typeof item === 'string'))
          throw new OptionError(`${option}.stopSequences`, setting, 'an array of strings');
    }
  }
  const defined = Object.fromEntries(Object.entries(settings).filter(([, setting]) => setting !== undefined)) as ModelSettings;
  return agent === undefined ? defined : { ...agent, ...defined };
}

/**
 * Checks `providerOptions` and merges them (the run's winning per key).
 * @param agent - the agent's, already checked
 * @param value - the option
 * @param of - whose option it is
 * @returns the merged options, or undefined for none
 * @throws InvalidAgentOptionsError or InvalidRunOptionsError for a value that is not a plain object
 */
export function readProviderOptions(
  agent: Record<string, unknown> | undefined,
  value: unknown,
  of: 'agent' | 'run' = 'agent',
): Record<string, unknown> | undefined {
  if (value === undefined) return agent;
  const OptionError = of === 'agent' ? InvalidAgentOptionsError : InvalidRunOptionsError;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new OptionError('providerOptions', value, 'an object of options for the model adapter');
  return agent === undefined ? (value as Record<string, unknown>) : { ...agent, ...(value as Record<string, unknown>) };
}
