import { describeThrownValue } from '../errors/describe-thrown-value.js';
import { ToolsetError } from '../errors/toolset-error.js';
import type { ReadonlyAgentContext } from '../context/readonly-agent-context.js';
import { isIterable } from '../registry/is-iterable.js';
import { isTool, type AnyTool } from '../tools/abstract-tool.js';
import type { Toolset } from './toolset.js';

/** The most tools one toolset may return for a turn (a guard against an endless generator). */
export const maxToolsetTools = 10_000;

/**
 * Asks a toolset for the tools of a turn and checks what it answers.
 * @param toolset - the toolset
 * @param context - the run's read-only context
 * @returns the tools, synchronously when `getTools` answered synchronously
 * @throws ToolsetError (or rejects with one) when `getTools` throws, rejects or returns something other than tools
 */
export function askToolset(toolset: Toolset, context: ReadonlyAgentContext): AnyTool[] | Promise<AnyTool[]> {
  let returned: unknown;
  let pending: boolean;
  try {
    returned = toolset.getTools(context);
    // Inside the try: an answer whose `then` getter throws fails as a getTools that threw.
    pending = typeof returned === 'object' && returned !== null && typeof (returned as PromiseLike<unknown>).then === 'function';
  } catch (error) {
    throw new ToolsetError(toolset.name, `failed: its getTools threw: ${describeThrownValue(error)}`, error);
  }
  if (pending) {
    return Promise.resolve(returned).then(
      (tools) => readTools(toolset, tools),
      (error: unknown) => {
        throw new ToolsetError(toolset.name, `failed: its getTools rejected: ${describeThrownValue(error)}`, error);
      },
    );
  }
  return readTools(toolset, returned);
}

function readTools(toolset: Toolset, returned: unknown): AnyTool[] {
  // An array is checked in place and used as it is (the agent copies it only to keep a new set).
  if (Array.isArray(returned) && returned.length <= maxToolsetTools) {
    for (let index = 0; index < returned.length; index++) {
      const item: unknown = returned[index];
      if (typeof item !== 'object' || !isTool(item)) throw notATool(toolset, item, index);
    }
    return returned as AnyTool[];
  }
  if (!isIterable(returned))
    throw new ToolsetError(toolset.name, `returned ${describe(returned)} from getTools; expected an iterable of tools (an array).`);
  const tools: AnyTool[] = [];
  try {
    for (const item of returned) {
      if (typeof item !== 'object' || !isTool(item)) throw notATool(toolset, item, tools.length);
      if (tools.length === maxToolsetTools)
        throw new ToolsetError(toolset.name, `returned more than ${maxToolsetTools} tools from getTools (an endless iterable?).`);
      tools.push(item);
    }
  } catch (error) {
    if (ToolsetError.isInstance(error)) throw error;
    throw new ToolsetError(toolset.name, `failed: iterating the tools of its getTools threw: ${describeThrownValue(error)}`, error);
  }
  return tools;
}

function notATool(toolset: Toolset, item: unknown, position: number): ToolsetError {
  return new ToolsetError(
    toolset.name,
    `returned ${describe(item)} at position ${position} of getTools, which is not a tool; expected instances of ` +
      'Tool, SimpleTool, ContextAwareTool or ToolBase (for a service with @Tool() methods, return ToolRegistry.of(service).tools).',
  );
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'function') return `the function or class ${value.name || '(anonymous)'} (pass an instance)`;
  if (typeof value === 'object') return `an object (${(value as object).constructor?.name ?? 'no class'})`;
  return `${typeof value} ${typeof value === 'string' ? JSON.stringify(value) : String(value as number | boolean | bigint | symbol)}`;
}
