import { randomUUID } from 'node:crypto';
import { FrameworkKeys, ToolBase, type JsonSchema, type ToolCallMetadata } from '@toolcraft/core';
import { withImportedSchema } from '@toolcraft/core/internal';
import { ToolMessage, isDirectToolOutput } from '@langchain/core/messages';
import type { RunnableConfig } from '@langchain/core/runnables';
import { LangChainToolError } from '../errors/langchain-tool-error.js';
import type { ImportedToolSettings } from './from-langchain-options.js';
import type { LangChainTool } from './langchain-tool.js';
import { linkedSignal } from './linked-signal.js';
import { outputContent } from './output-content.js';

/** The text LangChain makes of an object `JSON.stringify` refuses (its fallback is `${value}`). */
const unwritableObject = '[object Object]';

/** What an imported tool is made of: the LangChain tool, its JSON Schema, and how it is called. */
export interface ImportedToolSpec {
  /** The LangChain tool. */
  langchain: LangChainTool;
  /** The JSON Schema LangChain sends to a model for it. */
  schema: JsonSchema;
  /** Its side effects, approval, limits and time limit. */
  settings: ImportedToolSettings;
  /** The config every call is invoked with. */
  config: RunnableConfig | undefined;
}

/**
 * A LangChain tool imported by `fromLangChainTools`: the name, description and JSON Schema LangChain
 * would send to a model, and each call a `tool.invoke(toolCall, config)` with the toolcraft call's
 * id and signal (its time limit and cancellation). The result's value is what LangChain answered
 * (a `ToolMessage`, with its `artifact`); the model is shown its content. A `ToolMessage` of
 * `status: 'error'`, an object LangChain could not write as JSON (its content `"[object Object]"`)
 * or an answer toolcraft cannot use (a LangGraph `Command`) is an error result.
 */
export class ImportedLangChainTool extends ToolBase<Record<string, unknown>, unknown> {
  /** The LangChain tool. */
  readonly langchain: LangChainTool;
  private readonly config: RunnableConfig | undefined;

  /**
   * @param spec - the LangChain tool, its schema and settings
   * @throws InvalidToolDefinitionError when the name or the schema cannot be used
   * @internal
   */
  constructor(spec: ImportedToolSpec) {
    const { langchain, schema, settings } = spec;
    // The schema is someone else's: its patterns must run in linear time (else it is refused).
    super(
      withImportedSchema({
        ...settings,
        name: langchain.name,
        description: langchain.description ?? '',
        argsType: schema,
        resultFormatter: (value: unknown) => outputContent(value),
      }),
    );
    this.langchain = langchain;
    this.config = spec.config;
  }

  /**
   * Invokes the LangChain tool with a tool call of this call's id and arguments.
   * @param args - the validated arguments
   * @param metadata - the call's metadata (its id, signal and, in a run, its context)
   * @returns what the LangChain tool answered
   * @throws LangChainToolError for a `ToolMessage` of `status: 'error'`, one whose content is LangChain's
   *   `"[object Object]"` for an object it could not write as JSON, or a direct output other than a `ToolMessage`
   */
  async execute(args: Record<string, unknown>, metadata: ToolCallMetadata): Promise<unknown> {
    const id = metadata.get(FrameworkKeys.toolCallId) ?? randomUUID();
    const signal = metadata.get(ToolBase.SignalKey);
    const base = this.config;
    const signals = [base?.signal, signal].filter((item): item is AbortSignal => item !== undefined);
    const linked = signals.length > 1 ? linkedSignal(signals) : undefined;
    const callSignal = linked?.signal ?? signals[0];
    const config: RunnableConfig = { ...base, ...(callSignal === undefined ? {} : { signal: callSignal }) };
    let output: unknown;
    try {
      output = await this.langchain.invoke({ type: 'tool_call', id, name: this.langchain.name, args }, config);
    } finally {
      linked?.dispose();
    }
    if (ToolMessage.isInstance(output)) {
      if (output.status === 'error') throw new LangChainToolError(this.name, output.text || `Tool '${this.name}' failed.`, output);
      // LangChain writes a value it cannot make JSON of (a cycle) as String(value): no answer to pass on as a success.
      if (output.content === unwritableObject) {
        throw new LangChainToolError(
          this.name,
          `Tool '${this.name}' returned an object LangChain could not write as JSON (a circular structure?), which it made the text "${unwritableObject}"; the tool should return a string, content blocks or a JSON value.`,
          output,
        );
      }
    } else if (isDirectToolOutput(output)) {
      throw new LangChainToolError(
        this.name,
        `Tool '${this.name}' answered with a LangChain direct output that is not a ToolMessage (a LangGraph Command?), which toolcraft cannot apply.`,
        output,
      );
    }
    if (this.langchain.returnDirect === true) {
      const context = metadata.get(ToolBase.AgentContextKey);
      if (context !== undefined) context.actions.skipSummarization = true;
    }
    return output;
  }
}
