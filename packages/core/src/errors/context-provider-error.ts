import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ContextProviderError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A context provider that could not answer before a model call: it threw, passed its time limit or answered something else. The run fails with it. */
export class ContextProviderError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param providerName - the provider
   * @param problem - what went wrong
   * @param cause - what it threw, if it threw
   */
  constructor(
    readonly providerName: string,
    problem: string,
    cause?: unknown,
  ) {
    super(`Context provider '${providerName}' failed before a model call: ${problem}.`, { cause });
  }

  /**
   * Tells whether a value is a {@link ContextProviderError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ContextProviderError}
   */
  static override isInstance(error: unknown): error is ContextProviderError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
