import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'RunStateDecisionError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A decision on a paused run that does not fit the call it names: an unknown call id, approving a
 * call that is not waiting for approval, a second credential for the same request, an update after
 * the final one. Thrown by the `RunState` method at once; the state is left as it was, usable.
 */
export class RunStateDecisionError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param callId - the call the decision named
   * @param decision - the method called (`'approve'`, `'reject'`, ...)
   * @param problem - what was wrong and what was expected
   */
  constructor(
    readonly callId: string,
    readonly decision: string,
    problem: string,
  ) {
    super(`Cannot ${decision} tool call '${callId}': ${problem}`);
  }

  /**
   * Tells whether a value is a {@link RunStateDecisionError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link RunStateDecisionError}
   */
  static override isInstance(error: unknown): error is RunStateDecisionError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
