import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import { AbstractTool, type ToolOptions } from './abstract-tool.js';
import { invokeTool, type ToolNeeds } from './invoke-tool.js';
import { DeclaredTool, type ToolDeclarationOptions } from './declared-tool.js';

/**
 * A tool with typed, validated arguments and a typed result (Koog's `Tool`): the class behind {@link Tool}.
 * `execute` receives a real, validated instance of `argsType`; it never sees metadata.
 * @example
 * class CalculatorTool extends Tool<CalculatorArgs, number> {
 *   constructor() { super({ argsType: CalculatorArgs, name: 'calculator', description: 'Adds two digits.' }); }
 *   async execute(args: CalculatorArgs) { return args.digit1 + args.digit2; }
 * }
 */
abstract class ToolClass<TArgs, TResult> extends AbstractTool<TArgs, TResult> {
  /** @internal */
  readonly needs: ToolNeeds = 'nothing';

  /** @param options - name, description, argsType, and optionally resultFormatter and timeoutMs */
  constructor(options: ToolOptions<TArgs, TResult>) {
    super(options);
  }

  /**
   * Runs the tool.
   * @param args - the validated arguments
   * @returns the result
   */
  abstract execute(args: TArgs): Promise<TResult> | TResult;

  /**
   * A declaration-only tool (Microsoft Agent Framework): a name, a description and a schema, no
   * implementation. An agent run that meets a call to it stops with a `'result'` interruption; the host
   * runs the tool itself and answers with `state.resolve(callId, value)`, then `agent.resume(state)`.
   * @param options - name, description, and `argsType` (an Args class or JSON Schema) or `inputSchema`
   * @returns the tool, to register like any other
   * @throws InvalidToolDefinitionError for a bad name or schema
   * @example
   * const getUserLocation = Tool.declaration({
   *   name: 'get_user_location',
   *   description: "The user's current city, from their browser.",
   *   inputSchema: { type: 'object', properties: {} },
   * });
   */
  static declaration<TArgs = unknown>(options: ToolDeclarationOptions<TArgs>): DeclaredTool<TArgs> {
    return new DeclaredTool(options);
  }

  /** @internal */
  [invokeTool](args: TArgs, _metadata: ToolCallMetadata): Promise<TResult> | TResult {
    return this.execute(args);
  }
}

/**
 * A tool with typed, validated arguments and a typed result (Koog's `Tool`).
 * `execute` receives a real, validated instance of `argsType`; it never sees metadata.
 * @example
 * class CalculatorTool extends Tool<CalculatorArgs, number> {
 *   constructor() { super({ argsType: CalculatorArgs, name: 'calculator', description: 'Adds two digits.' }); }
 *   async execute(args: CalculatorArgs) { return args.digit1 + args.digit2; }
 * }
 */
export type Tool<TArgs, TResult> = ToolClass<TArgs, TResult>;

Object.defineProperty(ToolClass, 'name', { value: 'Tool' });

/**
 * The `Tool` class. Called as a function, which happens when it is used as a decorator (`@Tool()`
 * with `Tool` imported from `@toolcraft/core` instead of `@toolcraft/core/annotations`), it says
 * which import to use instead of JavaScript's "cannot be invoked without 'new'". Subclassing,
 * `instanceof` and static members are the class's own.
 * @throws InvalidToolDefinitionError when called without `new`
 */
export const Tool: typeof ToolClass = new Proxy(ToolClass, {
  apply(_target, thisArg: unknown): never {
    // A subclass compiled to ES5 calls its base class as a function (`_super.call(this, ...)`) on an
    // instance whose prototype chain holds the class's prototype (TypeScript's `__extends`).
    if (thisArg instanceof ToolClass) {
      throw new InvalidToolDefinitionError(
        'Tool',
        'a subclass of Tool was compiled to an ES5 function, which cannot extend a class. Set "target" to "ES2015" or ' +
          'later in tsconfig.json ("ES2022" is recommended; TypeScript 5 defaults to ES5 when no target is set).',
      );
    }
    throw new InvalidToolDefinitionError(
      '@Tool',
      "the Tool class from '@toolcraft/core' was used as a decorator. The @Tool() decorator comes from " +
        "'@toolcraft/core/annotations': import { Tool } from '@toolcraft/core/annotations' " +
        "(in a file that also subclasses the Tool class, import one of them under another name: import { Tool as ToolMethod } from '@toolcraft/core/annotations').",
    );
  },
});
