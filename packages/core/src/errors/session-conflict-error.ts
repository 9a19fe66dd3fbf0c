import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'SessionConflictError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** An append with `expectedVersion` to a session that another writer changed first (compare-and-swap failed); nothing was written. */
export class SessionConflictError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param session - the session, as `appName/userId/sessionId`
   * @param expectedVersion - the version the writer expected
   * @param actualVersion - the session's version
   */
  constructor(
    readonly session: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(
      `Session '${session}' is at version ${actualVersion}, not the expected ${expectedVersion}: another writer appended first. Nothing was written; load the session again and retry.`,
    );
  }

  /**
   * Tells whether a value is a {@link SessionConflictError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link SessionConflictError}
   */
  static override isInstance(error: unknown): error is SessionConflictError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
