import { isNamedToolcraftError, ToolcraftError } from './toolcraft-error.js';

/** A context-aware tool run with no `AgentContext` in its metadata. */
export class MissingAgentContextError extends ToolcraftError {
  /** @param toolName - the tool that needed the context */
  constructor(readonly toolName: string) {
    super(
      `Tool '${toolName}' needs an AgentContext, but none was supplied. Run it inside an Agent, ` +
        'or pass one in the metadata: ToolCallMetadata.of([[ContextAwareTool.AgentContextKey, context]]) ' +
        '(testAgentContext() from @toolcraft/testing builds one for tests).',
    );
  }

  /** True for a {@link MissingAgentContextError} of any copy of the package. */
  static override isInstance = isNamedToolcraftError<MissingAgentContextError>('MissingAgentContextError');
}
