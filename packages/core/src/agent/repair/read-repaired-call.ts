import { describeValue } from '../../errors/describe-value.js';
import { InvalidHookDecisionError } from '../../errors/invalid-hook-decision-error.js';
import type { ModelToolCall } from '../../model/messages.js';

const expected = 'null or a call { name, arguments? } (arguments a JSON string or an object)';

/**
 * Reads what `repairToolCall` returned into the call to run instead (its id and provider data kept,
 * object arguments turned into JSON). `null` or `undefined`, or the call unchanged, is no repair;
 * anything else that is not a call is reported as an `InvalidHookDecisionError` and is no repair either.
 * @param call - the call as the model sent it
 * @param returned - what the repair returned
 * @param report - where a value that is not a call is reported
 * @returns the mended call, or undefined
 */
export function readRepairedCall(call: ModelToolCall, returned: unknown, report: (error: unknown) => void): ModelToolCall | undefined {
  if (returned === undefined || returned === null) return undefined;
  let name: unknown;
  let args: unknown;
  try {
    if (typeof returned === 'object' && !Array.isArray(returned)) ({ name, arguments: args } = returned as Record<string, unknown>);
  } catch (error) {
    report(error);
    return undefined;
  }
  const text = typeof name === 'string' && name !== '' ? argumentsText(args, call.arguments) : undefined;
  if (text === undefined) {
    report(new InvalidHookDecisionError('repairToolCall', describeValue(returned), expected));
    return undefined;
  }
  if (name === call.name && text === call.arguments) return undefined;
  return { ...call, name: name as string, arguments: text };
}

function argumentsText(args: unknown, own: string): string | undefined {
  if (args === undefined) return own;
  if (typeof args === 'string') return args;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return undefined;
  try {
    return JSON.stringify(args);
  } catch {
    return undefined;
  }
}
