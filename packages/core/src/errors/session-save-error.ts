import { describeThrownValue } from './describe-thrown-value.js';
import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'SessionSaveError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A run that finished but whose messages and state could not be saved to its session. The run's result is kept in `result`; `cause` is the store's error. */
export class SessionSaveError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param session - the session, as `appName/userId/sessionId`
   * @param result - the run's result (typed by the agent)
   * @param cause - the store's error
   */
  constructor(
    readonly session: string,
    readonly result: unknown,
    cause: unknown,
  ) {
    super(
      `The run finished, but saving it to session '${session}' failed: ${describeThrownValue(cause)}. The run's result is in error.result.`,
      { cause },
    );
  }

  /**
   * Tells whether a value is a {@link SessionSaveError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link SessionSaveError}
   */
  static override isInstance(error: unknown): error is SessionSaveError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
