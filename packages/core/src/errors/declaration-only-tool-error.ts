import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'DeclarationOnlyToolError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A declaration-only tool (`Tool.declaration(...)`) was asked to run: it has no implementation. In an
 * agent run its calls stop the run with a `'result'` interruption for the host to answer with
 * `state.resolve(callId, value)`; dispatched anywhere else (an `AgentEnvironment` of its own, an MCP
 * server) the call is answered with this error.
 */
export class DeclarationOnlyToolError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /** @param toolName - the tool's name */
  constructor(readonly toolName: string) {
    super(
      `Tool '${toolName}' is declaration-only: the host answers its calls (an agent run stops with a 'result' interruption; answer it with state.resolve(callId, value)).`,
    );
  }

  /**
   * Tells whether a value is a {@link DeclarationOnlyToolError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link DeclarationOnlyToolError}
   */
  static override isInstance(error: unknown): error is DeclarationOnlyToolError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
