import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ApprovalUnavailableError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A call to a tool declared with `needsApproval`, in an `Agent` that cannot yet pause a run for a
 * person's approval (interruptions and `RunState` are not built yet): the call is answered with this
 * error as its result and is not executed, so a tool that asked for approval never runs without it.
 */
export class ApprovalUnavailableError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /** @param toolName - the tool that needs approval */
  constructor(readonly toolName: string) {
    super(
      `Tool '${toolName}' needs a person's approval (needsApproval), and this agent cannot ask for it yet, ` +
        'so the call was not executed. Tell the user what you would have done instead.',
    );
  }

  /**
   * Tells whether a value is an {@link ApprovalUnavailableError}, from any copy of the package.
   * @param error - any value
   * @returns true for an {@link ApprovalUnavailableError}
   */
  static override isInstance(error: unknown): error is ApprovalUnavailableError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
