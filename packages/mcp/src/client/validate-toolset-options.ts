import { InvalidMcpOptionsError } from '../errors/invalid-mcp-options-error.js';
import type { McpToolsetOptions } from './mcp-toolset-options.js';

/**
 * Checks the options every toolset shares.
 * @param subject - the factory called, for the message
 * @param options - the options
 * @throws InvalidMcpOptionsError naming the option and what was expected
 */
export function validateToolsetOptions(subject: string, options: McpToolsetOptions): void {
  const fail = (problem: string) => {
    throw new InvalidMcpOptionsError(subject, problem);
  };
  if (options.name !== undefined && (typeof options.name !== 'string' || options.name.length === 0))
    fail("'name' must be a non-empty string.");
  if (options.prefix !== undefined && (typeof options.prefix !== 'string' || !/^[a-zA-Z0-9_-]*$/.test(options.prefix)))
    fail("'prefix' must be letters, digits, '_' or '-' (it starts tool names).");
  for (const key of ['timeoutMs', 'requestTimeoutMs'] as const) {
    const value = options[key];
    if (value !== undefined && !(typeof value === 'number' && value > 0)) fail(`'${key}' must be a number above 0, got ${String(value)}.`);
  }
  const { maxResultChars, toolFilter, onWarning } = options;
  if (maxResultChars !== undefined && !(Number.isInteger(maxResultChars) && maxResultChars > 0))
    fail(`'maxResultChars' must be a positive integer, got ${String(maxResultChars)}.`);
  if (toolFilter !== undefined && typeof toolFilter !== 'function' && !Array.isArray(toolFilter))
    fail("'toolFilter' must be a list of tool names or a predicate (tool) => boolean.");
  if (onWarning !== undefined && typeof onWarning !== 'function') fail("'onWarning' must be a function.");
}
