import type { MetadataEntries, ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import { ToolRegistry } from '../registry/tool-registry.js';
import type { AbstractTool } from '../tools/abstract-tool.js';
import type { AgentEnvironmentOptions } from './agent-environment-options.js';
import { AgentEnvironment } from './agent-environment.js';

/** The outcome of a {@link SafeTool} call: the value and its text, or the error and its text. */
export type SafeToolResult<TResult> = { ok: true; value: TResult; content: string } | { ok: false; error: unknown; content: string };

/**
 * Runs one tool the way an environment does (decoding, validation, metadata, time limit,
 * formatting) and returns a result instead of throwing (Koog's `SafeTool`).
 * @example
 * const result = await SafeTool.of(new CalculatorTool()).execute({ digit1: 3, digit2: 4 });
 * if (result.ok) console.log(result.value);
 */
export class SafeTool<TArgs, TResult> {
  private readonly environment: AgentEnvironment;

  private constructor(
    private readonly tool: AbstractTool<TArgs, TResult>,
    options: Omit<AgentEnvironmentOptions, 'registry'>,
  ) {
    this.environment = new AgentEnvironment({ ...options, registry: ToolRegistry.of(tool) });
  }

  /**
   * @param tool - the tool to wrap
   * @param options - environment options (timeout, errorDetail, features...)
   * @returns the safe wrapper
   */
  static of<TArgs, TResult>(
    tool: AbstractTool<TArgs, TResult>,
    options: Omit<AgentEnvironmentOptions, 'registry'> = {},
  ): SafeTool<TArgs, TResult> {
    return new SafeTool(tool, options);
  }

  /**
   * Runs the tool.
   * @param args - the arguments, as an object or a JSON string (validated like the model's)
   * @param metadata - the call's metadata
   * @returns `{ ok: true, value, content }` or `{ ok: false, error, content }`
   */
  async execute(
    args: Partial<TArgs> | Record<string, unknown> | string,
    metadata?: ToolCallMetadata | MetadataEntries,
  ): Promise<SafeToolResult<TResult>> {
    const result = await this.environment.executeTool({ name: this.tool.name, arguments: args }, metadata);
    return result.isError
      ? { ok: false, error: result.error, content: result.content }
      : { ok: true, value: result.value as TResult, content: result.content };
  }
}
