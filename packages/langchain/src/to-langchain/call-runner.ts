import { randomUUID } from 'node:crypto';
import {
  AgentContext,
  describeThrownValue,
  type AgentEnvironment,
  type MetadataKeyLike,
  type ReceivedToolResult,
  type ToolCall,
  type ToolExecutionOptions,
} from '@toolcraft/core';
import type { CallbackManagerForToolRun } from '@langchain/core/callbacks/manager';
import type { ToolRunnableConfig } from '@langchain/core/tools';
import { describeValue } from '@toolcraft/core/internal';
import { InvalidLangChainToolsError } from '../errors/invalid-langchain-tools-error.js';
import { LangChainConfigKey } from './langchain-config-key.js';

/** The name of the LangChain custom event a call's progress (`context.reportProgress`) is sent as. */
export const progressEventName = 'toolcraft_progress';

/**
 * Runs the LangChain calls of one `toLangChainTools` set through its `AgentEnvironment`: the call's
 * id is the LangChain tool call's, its signal LangChain's, its context the configured one, its
 * metadata LangChain's config (`LangChainConfigKey`) and the config's `metadata` entries.
 */
export class CallRunner {
  private readonly contextOf: (config: ToolRunnableConfig) => AgentContext | undefined;
  private readonly shared: AgentContext;

  /**
   * @param environment - the environment the calls run through
   * @param context - the configured context, or a function of the call's config; default one shared context
   */
  constructor(
    readonly environment: AgentEnvironment,
    context: AgentContext | ((config: ToolRunnableConfig) => AgentContext | undefined) | undefined,
  ) {
    this.shared = typeof context === 'object' ? context : new AgentContext({ agentName: 'langchain', runId: randomUUID() });
    this.contextOf = typeof context === 'function' ? context : () => this.shared;
  }

  /**
   * Runs one call; rejects only for a context function that throws or returns no context.
   * @param name - the tool's name
   * @param args - the call's arguments, as LangChain passed them
   * @param config - LangChain's config for the call
   * @param runManager - LangChain's callbacks of the tool run, when it has some
   * @returns the environment's result
   * @throws InvalidLangChainToolsError when the `agentContext` function throws or returns something else than an `AgentContext`
   */
  async run(name: string, args: unknown, config: ToolRunnableConfig, runManager?: CallbackManagerForToolRun): Promise<ReceivedToolResult> {
    const id = config.toolCall?.id;
    const call: ToolCall = { name, arguments: (args ?? {}) as Record<string, unknown> };
    if (typeof id === 'string' && id !== '') call.id = id;
    const context = this.contextFor(config);
    const options: ToolExecutionOptions = { agentContext: context, runId: context.runId };
    if (config.signal !== undefined) options.signal = config.signal;
    if (runManager !== undefined) options.onProgress = (progress) => runManager.handleCustomEvent(progressEventName, { ...progress });
    const metadata: Array<[MetadataKeyLike, unknown]> = Object.entries(config.metadata ?? {});
    metadata.push([LangChainConfigKey, config]);
    return this.environment.executeTool(call, metadata, options);
  }

  private contextFor(config: ToolRunnableConfig): AgentContext {
    let context: unknown;
    try {
      context = this.contextOf(config);
    } catch (error) {
      throw new InvalidLangChainToolsError('toLangChainTools', `the 'agentContext' function threw ${describeThrownValue(error)}.`, error);
    }
    if (context === undefined) return this.shared;
    if (!(context instanceof AgentContext))
      throw new InvalidLangChainToolsError(
        'toLangChainTools',
        `the 'agentContext' function must return an AgentContext (new AgentContext({ agentName, runId })) or undefined, got ${describeValue(context)}.`,
      );
    return context;
  }
}
