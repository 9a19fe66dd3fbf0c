import { DeclarationOnlyToolError } from '../errors/declaration-only-tool-error.js';
import type { ToolSideEffectOptions } from '../effects/tool-effects.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { AbstractTool } from './abstract-tool.js';
import type { ArgsType } from './args-type.js';
import { invokeTool, type ToolNeeds } from './invoke-tool.js';

/**
 * What a declaration-only tool is made of: a name, a description, and its arguments as an Args class
 * (`argsType`) or a JSON Schema (`argsType` or `inputSchema`); side-effect options as on any tool.
 */
export type ToolDeclarationOptions<TArgs = unknown> = {
  /** The tool's name, `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  /** What the tool does, for the model. */
  description: string;
} & Omit<ToolSideEffectOptions<TArgs>, 'retry' | 'longRunning'> &
  ({ argsType: ArgsType<TArgs>; inputSchema?: never } | { inputSchema: JsonSchema; argsType?: never });

/**
 * A tool with a name, a description and a schema but no implementation (Microsoft Agent Framework's
 * declaration-only functions): the model may call it, and the host answers. In an agent run a call to
 * it stops the run with a `'result'` interruption; the host runs the tool itself (in a browser, on
 * another service) and answers with `state.resolve(callId, value)` before `agent.resume(state)`.
 * Made with `Tool.declaration({ name, description, argsType | inputSchema })`.
 */
export class DeclaredTool<TArgs = unknown> extends AbstractTool<TArgs, never> {
  /** @internal */
  readonly needs: ToolNeeds = 'nothing';
  override readonly declarationOnly: boolean = true;

  /**
   * @param options - name, description, and `argsType` or `inputSchema`
   * @throws InvalidToolDefinitionError for a bad name or schema
   */
  constructor(options: ToolDeclarationOptions<TArgs>) {
    const { inputSchema, argsType, ...rest } = options;
    super({ ...rest, argsType: (argsType ?? inputSchema) as ArgsType<TArgs> });
  }

  /** @internal A declaration-only tool has no implementation: always a {@link DeclarationOnlyToolError}. */
  [invokeTool](): never {
    throw new DeclarationOnlyToolError(this.name);
  }
}
