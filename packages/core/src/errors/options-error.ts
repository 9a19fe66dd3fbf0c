import { describeValue } from './describe-value.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'OptionsError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * The one base of the errors for an impossible option (a developer's mistake): the agent's, a run's,
 * an environment's, a memory strategy's. Each names the option, keeps the value given, and says what
 * was expected: `<Owner> option '<option>' must be <expected>, but was <the value>`.
 */
export class OptionsError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param owner - whose option it is, e.g. `'Agent'`, `'Run'`, `'AgentEnvironment'`
   * @param option - the option's name, e.g. `'maxIterations'` or `'tasks[2].agent'`
   * @param value - the value given
   * @param expected - what was expected, e.g. `'an integer of at least 1'`
   */
  constructor(
    owner: string,
    readonly option: string,
    readonly value: unknown,
    expected: string,
  ) {
    super(`${owner} option '${option}' must be ${expected}, but was ${describeValue(value)}.`);
  }

  /**
   * Tells whether a value is an {@link OptionsError} (of any subclass), from any copy of the package.
   * @param error - any value
   * @returns true for an {@link OptionsError}
   */
  static override isInstance(error: unknown): error is OptionsError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
