import type { AnyTool, JsonSchema, ReceivedToolResult } from '@toolcraft/core';
import type { CallbackManagerForToolRun } from '@langchain/core/callbacks/manager';
import { ToolMessage, type MessageContent, type ToolCall } from '@langchain/core/messages';
import {
  StructuredTool,
  ToolInputParsingException,
  type StructuredToolCallInput,
  type ToolReturnType,
  type ToolRunnableConfig,
} from '@langchain/core/tools';
import type { CallRunner } from './call-runner.js';
import { resultContent } from './result-content.js';

/** The arguments of a toolcraft tool called from LangChain: a JSON object. */
export type ToolcraftToolArgs = Record<string, unknown>;

/**
 * A toolcraft tool as a LangChain `StructuredTool`, made by `toLangChainTools`: its name,
 * description and JSON Schema are the toolcraft tool's (what LangChain sends to the model), and
 * every call runs through the set's `AgentEnvironment` (toolcraft's validation, features, time
 * limits and error text). Invoked with a `ToolCall`, it answers a `ToolMessage` (`status: 'error'`
 * for an error result); invoked with arguments, the content (a string, or content blocks for images
 * and files), error results included. Arguments LangChain's own check of the schema refuses are
 * answered with toolcraft's error result too.
 */
export class ToolcraftLangChainTool extends StructuredTool<JsonSchema, ToolcraftToolArgs, ToolcraftToolArgs, MessageContent> {
  /** @returns the class name LangChain serializes the tool under */
  static override lc_name(): string {
    return 'ToolcraftLangChainTool';
  }

  override name: string;
  override description: string;
  override schema: JsonSchema;

  /**
   * @param tool - the toolcraft tool
   * @param runner - runs the calls through the set's environment
   * @internal
   */
  constructor(
    readonly tool: AnyTool,
    private readonly runner: CallRunner,
  ) {
    super();
    this.name = tool.name;
    this.description = tool.description;
    this.schema = tool.inputSchema;
  }

  /**
   * Invokes the tool, as any LangChain tool. Arguments that do not match the schema are answered
   * with toolcraft's error result (listing each violation), like any other failure.
   * @param input - the arguments, or a `ToolCall`
   * @param config - LangChain's config (signal, callbacks, metadata, `toolCall`)
   * @returns a `ToolMessage` for a tool call, else the content
   */
  override async invoke<
    TInput extends StructuredToolCallInput<JsonSchema, ToolcraftToolArgs>,
    TConfig extends ToolRunnableConfig | undefined,
  >(input: TInput, config?: TConfig): Promise<ToolReturnType<TInput, TConfig, MessageContent>> {
    try {
      return await super.invoke(input, config);
    } catch (error) {
      if (!(error instanceof ToolInputParsingException)) throw error;
      // LangChain checked the arguments against the schema first: toolcraft's own check answers instead.
      const call = isToolCall(input) ? input : undefined;
      const callConfig: ToolRunnableConfig = { ...config, ...(call === undefined ? {} : { toolCall: call }) };
      const result = await this.runner.run(this.name, call === undefined ? input : call.args, callConfig);
      return this.answer(result, callConfig) as ToolReturnType<TInput, TConfig, MessageContent>;
    }
  }

  protected override async _call(
    args: ToolcraftToolArgs,
    runManager?: CallbackManagerForToolRun,
    config?: ToolRunnableConfig,
  ): Promise<MessageContent> {
    const callConfig = config ?? {};
    const result = await this.runner.run(this.name, args, callConfig, runManager);
    // A ToolMessage is passed through by LangChain as it is (a direct tool output).
    return this.answer(result, callConfig) as MessageContent;
  }

  private answer(result: ReceivedToolResult, config: ToolRunnableConfig): MessageContent | ToolMessage {
    const content = resultContent(result);
    const id = config.toolCall?.id;
    if (typeof id !== 'string' || id === '') return content;
    return new ToolMessage({
      content,
      tool_call_id: id,
      name: this.name,
      status: result.isError ? 'error' : 'success',
      ...(this.metadata === undefined ? {} : { metadata: this.metadata }),
    });
  }
}

function isToolCall(input: unknown): input is ToolCall {
  return typeof input === 'object' && input !== null && (input as { type?: unknown }).type === 'tool_call';
}
