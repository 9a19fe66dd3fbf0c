const marker = Symbol.for('toolcraft.error');

/** Options shared by every toolcraft error. */
export interface ToolcraftErrorOptions {
  /** The underlying error, kept for the host (never shown to the model by default). */
  cause?: unknown;
}

/**
 * The base class of every error toolcraft throws or reports.
 * `isInstance` works across two copies of the package, unlike `instanceof`.
 */
export class ToolcraftError extends Error {
  private readonly [marker] = true;

  /**
   * @param message - what went wrong and what was expected
   * @param options - the cause, if any
   */
  constructor(message: string, options: ToolcraftErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
  }

  /**
   * Tells whether a value is a toolcraft error (of any copy of the package).
   * @param error - any value
   * @returns true for a {@link ToolcraftError}
   */
  static isInstance(error: unknown): error is ToolcraftError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }
}

/**
 * Builds the static `isInstance` of a subclass: true when the value is a toolcraft
 * error whose `name` is the subclass's name.
 * @param name - the subclass's `name`
 * @returns a type guard
 */
export function isNamedToolcraftError<T extends ToolcraftError>(name: string) {
  return (error: unknown): error is T => ToolcraftError.isInstance(error) && error.name === name;
}
