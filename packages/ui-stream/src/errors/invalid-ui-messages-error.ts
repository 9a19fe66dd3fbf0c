import { ToolcraftError } from '@toolcraft/core';

const errorName = 'InvalidUIMessagesError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** What a client sent as its messages (or AG-UI resume entries) is not what the protocol sends: it says where and what was expected. */
export class InvalidUIMessagesError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;
  /** Where the problem is (`messages[2].parts[0].approval`, `resume[0].payload`). */
  readonly path: string;

  /**
   * @param path - where the problem is
   * @param problem - what was wrong and what was expected
   */
  constructor(path: string, problem: string) {
    super(`Invalid UI messages at ${path}: ${problem}`);
    this.path = path;
  }

  /**
   * Tells whether a value is a {@link InvalidUIMessagesError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link InvalidUIMessagesError}
   */
  static override isInstance(error: unknown): error is InvalidUIMessagesError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
