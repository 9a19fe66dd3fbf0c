import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'GuardrailFailedError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A guardrail that could not answer: its check threw, passed its time limit, or answered something
 * that is not a result. The run fails closed: it stops with `stopReason: 'guardrail'`, this error in
 * `run.guardrail.error`.
 */
export class GuardrailFailedError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param guardrailName - the guardrail
   * @param problem - what went wrong (`'it threw: Error: offline'`)
   * @param cause - what it threw, if it threw
   */
  constructor(
    readonly guardrailName: string,
    problem: string,
    cause?: unknown,
  ) {
    super(`Guardrail '${guardrailName}' failed, so it tripped (guardrails fail closed): ${problem}.`, { cause });
  }

  /**
   * Tells whether a value is a {@link GuardrailFailedError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link GuardrailFailedError}
   */
  static override isInstance(error: unknown): error is GuardrailFailedError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
