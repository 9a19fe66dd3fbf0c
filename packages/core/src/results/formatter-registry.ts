import type { ResultFormatter } from './result-formatter.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyClass<T> = abstract new (...args: any[]) => T;

/**
 * Result formatters by result class, as an environment holds them (`env.formatters`).
 * A result uses the formatter of its nearest registered class along the prototype chain.
 */
export class FormatterRegistry {
  private readonly byClass = new Map<unknown, ResultFormatter<never>>();
  private readonly resolved = new Map<unknown, ResultFormatter<never> | null>();

  /**
   * Registers a formatter for results of a class (and its subclasses).
   * @param resultClass - the result class
   * @param formatter - turns such a result into text
   * @returns this registry, for chaining
   */
  register<T>(resultClass: AnyClass<T>, formatter: ResultFormatter<T>): this {
    this.byClass.set(resultClass.prototype, formatter);
    this.resolved.clear();
    return this;
  }

  /**
   * Finds the formatter for a result.
   * @param result - a tool's result
   * @returns the formatter of its nearest registered class, or undefined
   */
  find(result: unknown): ResultFormatter<unknown> | undefined {
    if (this.byClass.size === 0 || typeof result !== 'object' || result === null) return undefined;
    const prototype: unknown = Object.getPrototypeOf(result);
    let formatter = this.resolved.get(prototype);
    if (formatter === undefined) {
      formatter = null;
      for (let current = prototype; current !== null; current = Object.getPrototypeOf(current)) {
        const found = this.byClass.get(current);
        if (found) {
          formatter = found;
          break;
        }
      }
      this.resolved.set(prototype, formatter);
    }
    return (formatter ?? undefined) as ResultFormatter<unknown> | undefined;
  }
}
