const errorName = 'ToolcraftError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** Options shared by every toolcraft error. */
export interface ToolcraftErrorOptions {
  /** The underlying error, kept for the host (never shown to the model by default). */
  cause?: unknown;
}

/**
 * The base class of every error toolcraft throws or reports (the Vercel AI SDK's pattern).
 *
 * Each error class has a fixed `name` and its own `Symbol.for('toolcraft.error.<Name>')` marker
 * field, and its static `isInstance` checks that marker with {@link ToolcraftError.hasMarker}. The
 * check works across two copies of a package (where `instanceof` fails) and after a minifier renames
 * the classes (where a check of the constructor's name fails). A subclass follows the same pattern:
 * @example
 * const errorName = 'QuotaError';
 * const marker = Symbol.for(`toolcraft.error.${errorName}`);
 * export class QuotaError extends ToolcraftError {
 *   private readonly [marker] = true;
 *   override readonly name: string = errorName;
 *   static override isInstance(error: unknown): error is QuotaError {
 *     return ToolcraftError.hasMarker(error, marker);
 *   }
 * }
 */
export class ToolcraftError extends Error {
  private readonly [marker] = true;

  /**
   * @param message - what went wrong and what was expected
   * @param options - the cause, if any
   */
  constructor(message: string, options: ToolcraftErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    // Every subclass declares its own fixed `name` (a field, set after this constructor), which a
    // minifier cannot rename.
    this.name = errorName;
  }

  /**
   * Tells whether a value is a toolcraft error (of any class, from any copy of any toolcraft package).
   * @param error - any value
   * @returns true for a {@link ToolcraftError}
   */
  static isInstance(error: unknown): error is ToolcraftError {
    return ToolcraftError.hasMarker(error, marker);
  }

  /**
   * The check behind every `isInstance`: true when a value carries an error class's marker
   * (`Symbol.for('toolcraft.error.<Name>')`), set by that class or a subclass of it.
   * @param error - any value
   * @param classMarker - the class's marker symbol
   * @returns true when the value carries the marker
   * @example
   * ToolcraftError.hasMarker(error, Symbol.for('toolcraft.error.ToolNotFoundError'));
   */
  static hasMarker(error: unknown, classMarker: symbol): boolean {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[classMarker] === true;
  }
}
