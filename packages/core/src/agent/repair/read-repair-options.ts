import { InvalidAgentOptionsError } from '../../errors/invalid-agent-options-error.js';
import type { RepairSettings, ToolCallRepairFunction } from './tool-call-repair.js';

/**
 * Reads an agent's `repairToolCall` and `repairJson` options.
 * @param repairToolCall - the option's value
 * @param repairJson - the option's value
 * @returns the settings, or undefined when neither is set (calls are not looked at)
 * @throws InvalidAgentOptionsError for a `repairToolCall` that is not a function or a `repairJson` that is not a boolean
 */
export function readRepairOptions(repairToolCall: unknown, repairJson: unknown): RepairSettings | undefined {
  if (repairToolCall !== undefined && typeof repairToolCall !== 'function')
    throw new InvalidAgentOptionsError('repairToolCall', repairToolCall, 'a function (call, error, context) => call or null');
  if (repairJson !== undefined && typeof repairJson !== 'boolean')
    throw new InvalidAgentOptionsError('repairJson', repairJson, 'a boolean');
  if (repairToolCall === undefined && repairJson !== true) return undefined;
  return {
    ...(repairToolCall === undefined ? {} : { repairToolCall: repairToolCall as ToolCallRepairFunction }),
    repairJson: repairJson === true,
  };
}
