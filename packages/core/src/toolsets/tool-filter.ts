import type { ReadonlyAgentContext } from '../context/readonly-agent-context.js';
import { ToolFilterError } from '../errors/tool-filter-error.js';
import { describeThrownValue } from '../errors/describe-thrown-value.js';
import type { AnyTool } from '../tools/abstract-tool.js';

/** A predicate deciding, at the start of every model turn, whether a tool is offered (ADK's `ToolPredicate`). */
export type ToolPredicate = (tool: AnyTool, context: ReadonlyAgentContext) => boolean;

/**
 * Which tools an agent offers: a list of tool names, or a predicate called as `(tool, context)` each
 * turn. A tool the filter removes is neither offered to the model nor executable.
 */
export type ToolFilter = readonly string[] | ToolPredicate;

/**
 * Keeps the tools a predicate accepts.
 * @param tools - the tools
 * @param predicate - the agent's predicate
 * @param context - the run's read-only context
 * @returns `tools` itself when every tool is kept, else the kept tools
 * @throws ToolFilterError when the predicate throws or answers something other than a boolean
 */
export function applyPredicate(tools: readonly AnyTool[], predicate: ToolPredicate, context: ReadonlyAgentContext): readonly AnyTool[] {
  let kept: AnyTool[] | undefined;
  for (let index = 0; index < tools.length; index++) {
    const tool = tools[index];
    let answer: unknown;
    try {
      answer = predicate(tool, context);
    } catch (error) {
      throw new ToolFilterError(tool.name, `threw: ${describeThrownValue(error)}`, error);
    }
    if (typeof answer !== 'boolean')
      throw new ToolFilterError(
        tool.name,
        `returned ${describeAnswer(answer)} where a boolean was expected (it is called synchronously, once per tool and turn)`,
      );
    if (answer) kept?.push(tool);
    else kept ??= tools.slice(0, index);
  }
  return kept ?? tools;
}

/**
 * Keeps the tools whose name is listed.
 * @param tools - the tools
 * @param names - the names to keep
 * @returns `tools` itself when every tool is kept, else the kept tools
 */
export function applyNames(tools: readonly AnyTool[], names: ReadonlySet<string>): readonly AnyTool[] {
  return tools.every((tool) => names.has(tool.descriptor.name)) ? tools : tools.filter((tool) => names.has(tool.descriptor.name));
}

function describeAnswer(answer: unknown): string {
  if (typeof answer === 'object' && answer !== null && typeof (answer as PromiseLike<unknown>).then === 'function') return 'a promise';
  return answer === undefined ? 'undefined' : `${typeof answer} ${describeThrownValue(answer)}`;
}
