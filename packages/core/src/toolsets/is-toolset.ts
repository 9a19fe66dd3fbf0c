import { isTool } from '../tools/abstract-tool.js';
import type { Toolset } from './toolset.js';

/**
 * Whether a value is a {@link Toolset}: an object, not a tool, with a `getTools` method.
 * @param value - any value
 * @returns true for a toolset
 */
export function isToolset(value: unknown): value is Toolset {
  return typeof value === 'object' && value !== null && !isTool(value) && typeof (value as Partial<Toolset>).getTools === 'function';
}
