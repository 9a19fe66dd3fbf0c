import { FrameworkKeys } from '../metadata/framework-keys.js';
import type { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import { AbstractTool, type ToolOptions } from './abstract-tool.js';
import { invokeTool, type ToolNeeds } from './invoke-tool.js';

/**
 * A tool that receives the whole per-call metadata bag, e.g. `metadata.get('trace.span.id')`.
 * The call's `AbortSignal` is under {@link ToolBase.SignalKey}.
 */
export abstract class ToolBase<TArgs, TResult> extends AbstractTool<TArgs, TResult> {
  /** The metadata key of the call's `AbortSignal`. */
  static readonly SignalKey = FrameworkKeys.signal;
  /** The metadata key of the run's context, when the call belongs to a run. */
  static readonly AgentContextKey = FrameworkKeys.agentContext;
  /** @internal */
  readonly needs: ToolNeeds = 'metadata';

  /** @param options - name, description, argsType, and optionally resultFormatter and timeoutMs */
  constructor(options: ToolOptions<TArgs, TResult>) {
    super(options);
  }

  /**
   * Runs the tool.
   * @param args - the validated arguments
   * @param metadata - the merged metadata of the call
   * @returns the result
   */
  abstract execute(args: TArgs, metadata: ToolCallMetadata): Promise<TResult> | TResult;

  /** @internal */
  [invokeTool](args: TArgs, metadata: ToolCallMetadata): Promise<TResult> | TResult {
    return this.execute(args, metadata);
  }
}
