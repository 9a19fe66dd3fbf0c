import { isNamedToolcraftError, ToolcraftError } from './toolcraft-error.js';

/** An `AgentEnvironment` built with an impossible option (a developer's mistake, thrown by the constructor). */
export class InvalidEnvironmentOptionsError extends ToolcraftError {
  /**
   * @param option - the option's name, e.g. `'maxConcurrency'`
   * @param value - the value given
   * @param expected - what was expected
   */
  constructor(
    readonly option: string,
    readonly value: unknown,
    expected: string,
  ) {
    super(`AgentEnvironment option '${option}' must be ${expected}, but was ${String(value)}.`);
  }

  /** True for an {@link InvalidEnvironmentOptionsError} of any copy of the package. */
  static override isInstance = isNamedToolcraftError<InvalidEnvironmentOptionsError>('InvalidEnvironmentOptionsError');
}
