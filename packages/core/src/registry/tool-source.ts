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
 * Describes the two tools of a duplicate-name error so they can be told apart: when both come from
 * the same place (two instances of one class), the second says so and what to do.
 * @param existing - the tool registered first
 * @param added - the tool with the same name
 * @returns the two descriptions
 */
export function duplicateSources(existing: AnyTool, added: AnyTool): [string, string] {
  const first = toolSource(existing);
  const second = toolSource(added);
  if (first !== second) return [first, second];
  return [
    `${first} (one instance)`,
    `${second} (a second, different instance of the same class: register one shared instance, or give one of them another name)`,
  ];
}

/**
 * Whether two tools are the same `@Tool` method of the same service instance (built by two
 * registries), which counts as one tool.
 * @returns true for the same method on the same receiver
 */
export function sameMethodTool(left: AnyTool, right: AnyTool): boolean {
  return left instanceof MethodTool && right instanceof MethodTool && left.isSameMethodAs(right);
}
