import { MethodTool } from '../methods/method-tool.js';
import type { AnyTool } from '../tools/abstract-tool.js';

/**
 * Describes where a tool comes from, for duplicate-name messages.
 * @param tool - a registered tool
 * @returns e.g. `MathService.add` or `CalculatorTool instance`
 */
export function toolSource(tool: AnyTool): string {
  return tool instanceof MethodTool ? tool.source : `${tool.constructor.name} instance`;
}
