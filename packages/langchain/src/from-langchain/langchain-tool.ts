import type { ToolCall } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';

/**
 * A LangChain tool, as `fromLangChainTools` takes it: what every `@langchain/core` tool has
 * (`tool()`, `DynamicStructuredTool`, `StructuredTool`, `DynamicTool`, `runnable.asTool()`),
 * whatever its schema's type.
 */
export interface LangChainTool {
  /** The name the model calls it by. */
  readonly name: string;
  /** What it does, for the model. */
  readonly description?: string;
  /** Its input schema: zod (3 or 4), a Standard JSON Schema, or JSON Schema. */
  readonly schema: unknown;
  /** Whether an agent stops after calling it. */
  readonly returnDirect?: boolean;
  /**
   * Runs it.
   * @param input - a tool call
   * @param config - LangChain's config
   */
  invoke(input: ToolCall, config?: RunnableConfig): Promise<unknown>;
}
