import { ToolcraftError } from '@toolcraft/core';

const errorName = 'DevtoolsRequestError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A request the dev UI cannot answer (a bad body, an unknown tool or run): its status and what was wrong. */
export class DevtoolsRequestError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;
  /** The HTTP status to answer with (400, 403, 404, 409, 413). */
  readonly status: number;

  /**
   * @param status - the HTTP status
   * @param message - what was wrong and what was expected
   */
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }

  /**
   * Tells whether a value is a {@link DevtoolsRequestError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link DevtoolsRequestError}
   */
  static override isInstance(error: unknown): error is DevtoolsRequestError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
