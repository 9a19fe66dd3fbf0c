import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ToolNotFoundError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A tool name that no tool of the registry has; names the closest ones. */
export class ToolNotFoundError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /** The closest known names, best first. */
  readonly suggestions: readonly string[];

  /**
   * @param toolName - the unknown name
   * @param availableTools - every registered name
   * @param suggestions - the closest registered names
   */
  constructor(
    readonly toolName: string,
    readonly availableTools: readonly string[],
    suggestions: readonly string[],
  ) {
    const hint = suggestions.length > 0 ? ` Did you mean ${suggestions.map((name) => `'${name}'`).join(' or ')}?` : '';
    const list =
      availableTools.length <= 20
        ? ` Available tools: ${availableTools.length > 0 ? availableTools.join(', ') : '(none)'}.`
        : ` ${availableTools.length} tools are available.`;
    super(`Tool '${toolName}' is not defined.${hint}${list}`);
    this.suggestions = suggestions;
  }

  /**
   * Tells whether a value is a {@link ToolNotFoundError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ToolNotFoundError}
   */
  static override isInstance(error: unknown): error is ToolNotFoundError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
