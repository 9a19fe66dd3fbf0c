import { isNamedToolcraftError, ToolcraftError } from './toolcraft-error.js';

/** Two different tools registered under one name. */
export class DuplicateToolError extends ToolcraftError {
  /**
   * @param toolName - the shared name
   * @param firstSource - where the tool already registered comes from
   * @param secondSource - where the new one comes from
   */
  constructor(
    readonly toolName: string,
    readonly firstSource: string,
    readonly secondSource: string,
  ) {
    super(
      `Two different tools are named '${toolName}': ${firstSource} and ${secondSource}. ` +
        'Tool names must be unique in a registry; rename one (e.g. @Tool({ customName })).',
    );
  }

  /** True for a {@link DuplicateToolError} of any copy of the package. */
  static override isInstance = isNamedToolcraftError<DuplicateToolError>('DuplicateToolError');
}
