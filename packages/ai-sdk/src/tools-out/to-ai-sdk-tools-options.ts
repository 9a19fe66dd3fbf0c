import type { AgentContext, AgentEnvironmentOptions } from '@toolcraft/core';

/** What a tool's call looks like from the AI SDK: its id and the `experimental_context` of `generateText`. */
export interface AISDKCallInfo {
  /** The AI SDK's tool call id. */
  toolCallId: string;
  /** The `experimental_context` given to `generateText` or `streamText`, if any. */
  context: unknown;
}

/**
 * Options of `toAISDKTools`: how the calls are dispatched (an `AgentEnvironment` is made from these
 * unless one is given), the run context for context-aware tools, and how failures reach the AI SDK.
 */
export interface ToAISDKToolsOptions extends Omit<AgentEnvironmentOptions, 'registry'> {
  /**
   * The `AgentContext` of context-aware tools (`ContextAwareTool`, `@Tool` methods taking an
   * `AgentContext`, approval predicates): an instance, or a function of each call. Default: the
   * `experimental_context` of `generateText` when it is an `AgentContext`; else context-aware tools
   * fail with `MissingAgentContextError`, as with an `AgentEnvironment` used alone.
   */
  agentContext?: AgentContext | ((call: AISDKCallInfo) => AgentContext | undefined);
  /**
   * How a failed call (invalid arguments, a tool that threw or timed out, a blocked call) reaches the
   * AI SDK. `'throw'` (the default): `execute` throws a `ToolcraftToolCallError` whose message is
   * toolcraft's text for the model, so the step has a `tool-error` part and the model is sent that
   * text as the error. `'result'`: `execute` returns the output with `isError: true`, so the step has
   * a `tool-result` and the model is sent the same text as an `error-text` output.
   */
  errors?: 'throw' | 'result';
}
