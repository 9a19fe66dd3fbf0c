import type { AnyTool, JsonSchema } from '@toolcraft/core';
import type { MessageContent, ToolCall } from '@langchain/core/messages';
import { ensureConfig } from '@langchain/core/runnables';
import {
  DynamicStructuredTool,
  ToolInputParsingException,
  type StructuredToolCallInput,
  type ToolReturnType,
  type ToolRunnableConfig,
} from '@langchain/core/tools';
import type { CallRunner } from './call-runner.js';
import { respond } from './respond.js';

/** The arguments of a toolcraft tool called from LangChain: a JSON object. */
export type ToolcraftToolArgs = Record<string, unknown>;

/**
 * A toolcraft tool as a LangChain `DynamicStructuredTool`, made by `toLangChainTools`: its name,
 * description and JSON Schema are the toolcraft tool's (what LangChain sends to the model), and
 * every call runs through the set's `AgentEnvironment` (toolcraft's validation, features, time
 * limits and error text). Invoked with a `ToolCall`, it answers a `ToolMessage` (`status: 'error'`
 * for an error result); invoked with arguments, the content (a string, or content blocks for images
 * and files), error results included. Arguments LangChain's own check of the schema refuses are
 * answered with toolcraft's error result too.
 */
export class ToolcraftLangChainTool extends DynamicStructuredTool<JsonSchema, ToolcraftToolArgs, ToolcraftToolArgs, MessageContent> {
  /**
   * The class name LangChain serializes and traces the tool under.
   * @returns `'ToolcraftLangChainTool'`
   */
  static override lc_name(): string {
    return 'ToolcraftLangChainTool';
  }

  /** The toolcraft tool. */
  readonly tool: AnyTool;
  private readonly runner: CallRunner;

  /**
   * @param tool - the toolcraft tool
   * @param runner - runs the calls through the set's environment
   * @internal
   */
  constructor(tool: AnyTool, runner: CallRunner) {
    super({
      name: tool.name,
      description: tool.description,
      schema: plainSchema(tool.inputSchema),
      func: async (args: ToolcraftToolArgs, runManager, config) =>
        // A ToolMessage is passed through by LangChain as it is (a direct tool output).
        respond(await runner.run(tool.name, args, config ?? {}, runManager), tool.name, config ?? {}) as MessageContent,
    });
    this.tool = tool;
    this.runner = runner;
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
      // ensureConfig turns a `timeout` into the signal, as LangChain's own invoke does.
      const callConfig: ToolRunnableConfig = ensureConfig({ ...config, ...(call === undefined ? {} : { toolCall: call }) });
      const result = await this.runner.run(this.name, call === undefined ? input : call.args, callConfig);
      return respond(result, this.name, callConfig) as ToolReturnType<TInput, TConfig, MessageContent>;
    }
  }
}

/**
 * The schema as plain JSON data: a zod-made schema carries a `~standard` property, through which
 * LangChain would send its own (draft-07) conversion instead of the schema toolcraft validates with.
 */
function plainSchema(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}

function isToolCall(input: unknown): input is ToolCall {
  return typeof input === 'object' && input !== null && (input as { type?: unknown }).type === 'tool_call';
}
