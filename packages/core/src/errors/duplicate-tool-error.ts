import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'DuplicateToolError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** Two different tools registered under one name. */
export class DuplicateToolError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

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

  /**
   * Tells whether a value is a {@link DuplicateToolError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link DuplicateToolError}
   */
  static override isInstance(error: unknown): error is DuplicateToolError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
