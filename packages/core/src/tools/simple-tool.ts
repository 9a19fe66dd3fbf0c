import type { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import { ToolResult } from '../results/tool-result.js';
import { AbstractTool, type ToolOptions } from './abstract-tool.js';
import { invokeTool, type ToolNeeds } from './invoke-tool.js';

/**
 * A tool whose `execute` returns the text the model sees (Koog's `SimpleTool`);
 * its result is a {@link ToolResult.Text}.
 */
export abstract class SimpleTool<TArgs> extends AbstractTool<TArgs, ToolResult.Text> {
  /** @internal */
  readonly needs: ToolNeeds = 'nothing';

  /** @param options - name, description, argsType, and optionally timeoutMs */
  constructor(options: Omit<ToolOptions<TArgs, ToolResult.Text>, 'resultFormatter'>) {
    super(options);
  }

  /**
   * Runs the tool.
   * @param args - the validated arguments
   * @returns the text for the model
   */
  abstract execute(args: TArgs): Promise<string> | string;

  /** @internal */
  async [invokeTool](args: TArgs, _metadata: ToolCallMetadata): Promise<ToolResult.Text> {
    return new ToolResult.Text(await this.execute(args));
  }
}
