import type { AgentContext } from '../context/agent-context.js';
import { MissingAgentContextError } from '../errors/missing-agent-context-error.js';
import { FrameworkKeys } from '../metadata/framework-keys.js';
import type { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import { AbstractTool, type ToolOptions } from './abstract-tool.js';
import { invokeTool, type ToolNeeds } from './invoke-tool.js';

/**
 * A tool that receives the run's {@link AgentContext} (Koog's `AgentContextAwareTool`).
 * The framework injects it through the metadata under {@link ContextAwareTool.AgentContextKey};
 * run with none, the call fails with {@link MissingAgentContextError}.
 */
export abstract class ContextAwareTool<TArgs, TResult> extends AbstractTool<TArgs, TResult> {
  /** The metadata key under which the framework puts the run's context. */
  static readonly AgentContextKey = FrameworkKeys.agentContext;
  /** @internal */
  readonly needs: ToolNeeds = 'context';

  /** @param options - name, description, argsType, and optionally resultFormatter and timeoutMs */
  constructor(options: ToolOptions<TArgs, TResult>) {
    super(options);
  }

  /**
   * Runs the tool.
   * @param args - the validated arguments
   * @param context - the run's context for this call (its `signal` aborts on cancellation or timeout)
   * @returns the result
   */
  abstract execute(args: TArgs, context: AgentContext): Promise<TResult> | TResult;

  /** @internal */
  [invokeTool](args: TArgs, metadata: ToolCallMetadata): Promise<TResult> | TResult {
    const context = metadata.get(FrameworkKeys.agentContext);
    if (context === undefined) throw new MissingAgentContextError(this.name);
    return this.execute(args, context);
  }
}
