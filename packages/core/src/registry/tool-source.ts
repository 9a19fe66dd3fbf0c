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

/**
 * Whether two tools are the same `@Tool` method of the same service instance (built by two
 * registries), which counts as one tool.
 * @returns true for the same method on the same receiver
 */
export function sameMethodTool(left: AnyTool, right: AnyTool): boolean {
  return left instanceof MethodTool && right instanceof MethodTool && left.isSameMethodAs(right);
}
