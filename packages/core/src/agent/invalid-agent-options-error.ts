import { isNamedToolcraftError, ToolcraftError } from '../errors/toolcraft-error.js';

/** An `Agent` built with an impossible option (a developer's mistake, thrown by the constructor). */
export class InvalidAgentOptionsError extends ToolcraftError {
  /**
   * @param option - the option's name, e.g. `'maxIterations'` or `'retry.maxRetries'`
   * @param value - the value given
   * @param expected - what was expected, e.g. `'an integer of at least 1'`
   */
  constructor(
    readonly option: string,
    readonly value: unknown,
    expected: string,
  ) {
    super(`Agent option '${option}' must be ${expected}, but was ${String(value)}.`);
  }

  /** True for an {@link InvalidAgentOptionsError} of any copy of the package. */
  static override isInstance = isNamedToolcraftError<InvalidAgentOptionsError>('InvalidAgentOptionsError');
}
