import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'MissingAgentContextError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A context-aware tool run with no `AgentContext` in its metadata. */
export class MissingAgentContextError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /** @param toolName - the tool that needed the context */
  constructor(readonly toolName: string) {
    super(
      `Tool '${toolName}' needs an AgentContext, but none was supplied. Run it inside an Agent, ` +
        'or pass one in the metadata: ToolCallMetadata.of([[ContextAwareTool.AgentContextKey, context]]) ' +
        '(testAgentContext() from @toolcraft/testing builds one for tests).',
    );
  }

  /**
   * Tells whether a value is a {@link MissingAgentContextError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link MissingAgentContextError}
   */
  static override isInstance(error: unknown): error is MissingAgentContextError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
