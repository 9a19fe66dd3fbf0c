import { isNamedToolcraftError, ToolcraftError } from './toolcraft-error.js';

/** A tool name that no tool of the registry has; names the closest ones. */
export class ToolNotFoundError extends ToolcraftError {
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

  /** True for a {@link ToolNotFoundError} of any copy of the package. */
  static override isInstance = isNamedToolcraftError<ToolNotFoundError>('ToolNotFoundError');
}
