import type { AgentContext, AgentEnvironmentSettings } from '@toolcraft/core';
import type { ToolRunnableConfig } from '@langchain/core/tools';

/**
 * Options of `toLangChainTools`: the settings of the `AgentEnvironment` the calls run through (when
 * it is given tools or a registry), the `AgentContext` context-aware tools see, and what to do with
 * tools that need approval.
 */
export interface ToLangChainToolsOptions extends AgentEnvironmentSettings {
  /**
   * The context of each call (cloned per call by the environment, with the call's id and signal):
   * one context, or a function of LangChain's config for the call (a context per LangGraph thread,
   * say; `undefined` for the default). Default one context for all the tools made by this call, its
   * state kept across their calls, with `agentName` `'langchain'` and a run id of its own.
   */
  agentContext?: AgentContext | ((config: ToolRunnableConfig) => AgentContext | undefined);
  /**
   * Cancels every unfinished call of these tools when aborted (the environment's signal; each call is
   * also cancelled by the `signal` of LangChain's config).
   */
  signal?: AbortSignal;
  /**
   * What to do with tools that declare `needsApproval`: nothing in a LangChain call can pause for a
   * person the way a toolcraft run does, so by default (`'refuse'`) `toLangChainTools` throws naming
   * them. `'leave-to-langchain'` makes them anyway, trusting the LangChain app to ask before each call
   * (LangChain's human-in-the-loop middleware, a LangGraph `interrupt`).
   */
  approvals?: 'refuse' | 'leave-to-langchain';
}
