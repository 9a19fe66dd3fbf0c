import { describeValue } from '../../errors/describe-value.js';
import { InvalidAgentOptionsError } from '../../errors/invalid-agent-options-error.js';
import type { Guardrail } from './guardrail.js';

/**
 * Checks an agent's `inputGuardrails` or `outputGuardrails` option.
 * @param option - the option's name
 * @param value - its value
 * @returns the guardrails (frozen), or undefined for none
 * @throws InvalidAgentOptionsError for a value that is not a list of `{ name, check }` with distinct names
 * @internal
 */
export function readGuardrails(option: string, value: unknown): readonly Guardrail<string>[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new InvalidAgentOptionsError(option, value, 'a list of guardrails ({ name, check(text, context) })');
  const names = new Set<string>();
  value.forEach((item: unknown, index) => {
    const guardrail = item as Partial<Guardrail<string>> | null;
    if (typeof guardrail !== 'object' || guardrail === null || typeof guardrail.name !== 'string' || guardrail.name === '')
      throw new InvalidAgentOptionsError(`${option}[${index}]`, item, 'a guardrail with a non-empty name ({ name, check(text, context) })');
    if (typeof guardrail.check !== 'function')
      throw new InvalidAgentOptionsError(
        `${option}[${index}].check`,
        guardrail.check,
        'a function (text, context) => { tripwire, reason?, info? }',
      );
    if (guardrail.timeoutMs !== undefined && !(guardrail.timeoutMs > 0))
      throw new InvalidAgentOptionsError(`${option}[${index}].timeoutMs`, guardrail.timeoutMs, 'a number above 0');
    if (names.has(guardrail.name))
      throw new InvalidAgentOptionsError(
        `${option}[${index}].name`,
        guardrail.name,
        `a name no other guardrail of ${option} has (${describeValue(guardrail.name)} is taken)`,
      );
    names.add(guardrail.name);
  });
  return value.length === 0 ? undefined : Object.freeze(value.slice() as Guardrail<string>[]);
}
