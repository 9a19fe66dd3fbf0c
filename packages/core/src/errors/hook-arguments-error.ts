import { type ArgumentViolation, describeViolations } from './tool-arguments-error.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'HookArgumentsError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * Arguments that a feature's `onToolCallStarting` handler gave a call (`{ arguments }`) and that failed
 * the tool's validation: the tool did not run. Names the feature and lists every violation.
 */
export class HookArgumentsError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool whose arguments were replaced
   * @param feature - the name of the feature whose handler replaced them
   * @param violations - each failing property of the replacement
   */
  constructor(
    readonly toolName: string,
    readonly feature: string,
    readonly violations: readonly ArgumentViolation[],
  ) {
    super(`The arguments that feature '${feature}' gave this call are not valid. ${describeViolations(toolName, violations)}`);
  }

  /**
   * Tells whether a value is a {@link HookArgumentsError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link HookArgumentsError}
   */
  static override isInstance(error: unknown): error is HookArgumentsError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
