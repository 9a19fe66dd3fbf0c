import type { ToolCallMetadata } from '../metadata/tool-call-metadata.js';
import { AbstractTool, type ToolOptions } from './abstract-tool.js';
import { invokeTool, type ToolNeeds } from './invoke-tool.js';

/**
 * A tool with typed, validated arguments and a typed result (Koog's `Tool`).
 * `execute` receives a real, validated instance of `argsType`; it never sees metadata.
 * @example
 * class CalculatorTool extends Tool<CalculatorArgs, number> {
 *   constructor() { super({ argsType: CalculatorArgs, name: 'calculator', description: 'Adds two digits.' }); }
 *   async execute(args: CalculatorArgs) { return args.digit1 + args.digit2; }
 * }
 */
export abstract class Tool<TArgs, TResult> extends AbstractTool<TArgs, TResult> {
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

  /** @internal */
  [invokeTool](args: TArgs, _metadata: ToolCallMetadata): Promise<TResult> | TResult {
    return this.execute(args);
  }
}
