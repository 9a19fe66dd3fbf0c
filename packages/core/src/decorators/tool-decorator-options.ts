import type { ToolSideEffectOptions } from '../effects/tool-effects.js';
import type { ResultBudget } from '../results/result-budget.js';

/** Options of the `@Tool` method decorator: name, time limit and side effects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a predicate may type the method's arguments as it likes
export interface ToolDecoratorOptions extends ToolSideEffectOptions<any> {
  /** The tool's name; defaults to the method's name. Must match `^[a-zA-Z0-9_-]{1,64}$`. */
  customName?: string;
  /** A time limit for this tool's calls, in ms (overrides the environment's `toolTimeoutMs`). */
  timeoutMs?: number;
  /** The most calls of this tool one run executes (an integer of at least 1); see `ToolLimits`. */
  maxInvocations?: number;
  /** The most failed calls of this tool in one run (an integer of at least 1); see `ToolLimits`. */
  maxFailures?: number;
  /** The most characters of a result the model gets in an agent run; over it, the result spills to an artifact (wins over the agent's). */
  resultBudget?: ResultBudget;
  /**
   * The type of the method's result, when it is an object with a schema: an Args class (class-validator
   * and `@LLMDescription` properties), a zod (Standard Schema) schema with its JSON Schema, or a JSON
   * Schema of an object. An MCP server advertises it as the tool's `outputSchema` and sends the result
   * as `structuredContent`. A synchronous method whose declared return type is such a class needs none.
   */
  outputType?: (abstract new (...args: never[]) => unknown) | Readonly<Record<string, unknown>>;
}
