import type { ToolLimits, ToolSideEffectOptions } from '@toolcraft/core';
import type { RunnableConfig } from '@langchain/core/runnables';

/** What toolcraft cannot read from a LangChain tool and may be told about it: side effects, approval, retries, limits, a time limit. */
export interface ImportedToolSettings extends ToolSideEffectOptions<Record<string, unknown>>, ToolLimits {
  /** The tool's time limit in ms (wins over `timeoutMs` of the options and the environment's `toolTimeoutMs`). */
  timeoutMs?: number;
}

/** Options of `fromLangChainTools`. */
export interface FromLangChainToolsOptions {
  /** Each imported tool's time limit in ms; default none (the environment's `toolTimeoutMs` applies). */
  timeoutMs?: number;
  /**
   * The LangChain config every call is invoked with (`callbacks`, `tags`, `metadata`, `configurable`,
   * `runName`); each call adds its own `signal` (the toolcraft call's: time limit and cancellation) and
   * tool call.
   */
  config?: RunnableConfig;
  /** Settings of single tools, by the LangChain tool's name: `{ delete_file: { effects: 'destructive', needsApproval: true } }`. */
  tools?: Readonly<Record<string, ImportedToolSettings>>;
}
