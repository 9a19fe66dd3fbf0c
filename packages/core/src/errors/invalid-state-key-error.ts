import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'InvalidStateKeyError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A state key that cannot be kept: `__proto__`, which a JSON object (a session, a saved run state)
 * cannot hold as a plain key everywhere it travels. Refused where it enters, never dropped silently.
 */
export class InvalidStateKeyError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /** @param key - the key refused */
  constructor(readonly key: string) {
    super(`The state key '${key}' is not allowed: it cannot be stored as a plain JSON key. Choose another name.`);
  }

  /**
   * Tells whether a value is an {@link InvalidStateKeyError}, from any copy of the package.
   * @param error - any value
   * @returns true for an {@link InvalidStateKeyError}
   */
  static override isInstance(error: unknown): error is InvalidStateKeyError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
