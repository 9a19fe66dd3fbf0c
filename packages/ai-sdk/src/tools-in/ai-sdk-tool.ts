import {
  type AgentContext,
  type ApprovalPredicate,
  FrameworkKeys,
  type JsonSchema,
  ToolArgumentsError,
  ToolBase,
  type ToolCallMetadata,
} from '@toolcraft/core';
import type { Schema, Tool as AITool, ToolExecutionOptions } from 'ai';
import { withImportedSchema } from '@toolcraft/core/internal';
import { AISDKToolResult } from './ai-sdk-tool-result.js';
import { awaitOutput } from './run-execute.js';
import { defaultModelOutput, toToolContent } from './to-tool-content.js';

/** What an imported tool is made of: its name, the AI SDK tool, its schema and its JSON Schema as the AI SDK sends it. */
export interface AISDKToolDefinition {
  /** The tool's name: its key in the AI SDK tool set. */
  name: string;
  /** The AI SDK tool, with its `execute`. */
  tool: AITool;
  /** The tool's `inputSchema` as a schema (`asSchema`): its JSON Schema and validator. */
  schema: Schema<unknown>;
  /** The JSON Schema the AI SDK sends for it, which the model is shown and toolcraft validates with. */
  jsonSchema: JsonSchema;
  /** A time limit for each call, in ms, if any. */
  timeoutMs?: number;
}

/**
 * An AI SDK tool (`tool({ description, inputSchema, execute })`) as a toolcraft tool, made by
 * `fromAISDKTools`. The model is shown the JSON Schema the AI SDK sends for it, exactly, and toolcraft
 * validates the arguments against it; then, as `generateText` does, the tool's own schema parses them
 * (zod defaults and transforms) and `execute` gets the result, with the call's id, signal, and the
 * run's `AgentContext` as `experimental_context`. What the model is sent is the tool's `toModelOutput`,
 * or its output as text or JSON. Its result value is an {@link AISDKToolResult} (`.output`).
 */
export class AISDKTool extends ToolBase<Record<string, unknown>, AISDKToolResult> {
  /** The AI SDK tool. */
  readonly tool: AITool;
  private readonly schema: Schema<unknown>;

  /**
   * @param definition - the name, the AI SDK tool, its schema and JSON Schema
   * @throws InvalidToolDefinitionError for a name toolcraft does not allow, or a JSON Schema that is not an object
   *   schema, does not compile or has a pattern that cannot be matched in linear time (lookaround, backreferences)
   */
  constructor(definition: AISDKToolDefinition) {
    const needsApproval = definition.tool.needsApproval;
    // The schema is someone else's: its patterns must run in linear time (else it is refused).
    super(
      withImportedSchema({
        name: definition.name,
        description: definition.tool.description ?? definition.tool.title ?? '',
        argsType: definition.jsonSchema,
        ...(definition.timeoutMs === undefined ? {} : { timeoutMs: definition.timeoutMs }),
        ...(needsApproval === undefined
          ? {}
          : { needsApproval: typeof needsApproval === 'function' ? approvalPredicate(needsApproval) : needsApproval }),
      }),
    );
    this.tool = definition.tool;
    this.schema = definition.schema;
  }

  /**
   * Parses the arguments with the tool's schema, runs its `execute` and makes the model's content.
   * @param args - the arguments, validated against the JSON Schema
   * @param metadata - the call's metadata (its id, signal and, in a run, its context)
   * @returns the output and what the model is sent
   * @throws ToolArgumentsError when the tool's own schema refuses the arguments
   * @throws ToolExecutionError when the output is an error output or not JSON; what `execute` threw, as it is
   */
  async execute(args: Record<string, unknown>, metadata: ToolCallMetadata): Promise<AISDKToolResult> {
    const signal = metadata.get(FrameworkKeys.signal);
    const context = metadata.get(FrameworkKeys.agentContext);
    const toolCallId = metadata.get(FrameworkKeys.toolCallId) ?? '';
    const input = await this.parse(args);
    const options: ToolExecutionOptions = {
      toolCallId,
      messages: [],
      ...(signal === undefined ? {} : { abortSignal: signal }),
      ...(context === undefined ? {} : { experimental_context: context }),
    };
    await this.tool.onInputStart?.(options);
    await this.tool.onInputAvailable?.({ ...options, input });
    const output = await awaitOutput(this.tool.execute!(input, options), signal, context);
    const modelOutput = this.tool.toModelOutput ? await this.tool.toModelOutput({ toolCallId, input, output }) : defaultModelOutput(output);
    return new AISDKToolResult(output, toToolContent(this.name, modelOutput));
  }

  /** The value `execute` gets: the tool's schema's parse of the arguments, as the AI SDK validates them. */
  private async parse(args: Record<string, unknown>): Promise<unknown> {
    if (this.schema.validate === undefined) return args;
    const result = await this.schema.validate(args);
    if (result.success) return result.value;
    throw new ToolArgumentsError(this.name, [{ path: '', constraint: 'inputSchema', message: result.error.message }]);
  }
}

/**
 * An AI SDK `needsApproval` function as toolcraft's predicate, read as the AI SDK reads it (any truthy
 * answer asks), the run's context as `experimental_context`; a throw or rejection asks too (the safe answer).
 */
function approvalPredicate(
  needsApproval: (input: unknown, options: { toolCallId: string; messages: []; experimental_context?: unknown }) => unknown,
): ApprovalPredicate<Record<string, unknown>> {
  return async (args: Record<string, unknown>, context: AgentContext) => {
    try {
      return Boolean(await needsApproval(args, { toolCallId: context.toolCallId, messages: [], experimental_context: context }));
    } catch {
      return true;
    }
  };
}
