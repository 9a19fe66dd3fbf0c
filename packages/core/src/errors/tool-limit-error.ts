import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'ToolLimitError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A call to a tool that reached one of its per-run limits (`maxInvocations` or `maxFailures`):
 * the call is answered with this error as its result, and the tool is no longer offered in the run.
 */
export class ToolLimitError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param toolName - the tool
   * @param limit - the limit reached
   * @param value - the limit's value
   */
  constructor(
    readonly toolName: string,
    readonly limit: 'maxInvocations' | 'maxFailures',
    readonly value: number,
  ) {
    const reached =
      limit === 'maxInvocations' ? `was already called ${value} time${plural(value)}` : `already failed ${value} time${plural(value)}`;
    super(
      `Tool '${toolName}' ${reached} in this run, its limit (${limit}: ${value}), so it was not called; ` +
        'it is not available for the rest of the run. Go on without it.',
    );
  }

  /**
   * Tells whether a value is a {@link ToolLimitError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ToolLimitError}
   */
  static override isInstance(error: unknown): error is ToolLimitError {
    return ToolcraftError.hasMarker(error, marker);
  }
}

function plural(count: number): string {
  return count === 1 ? '' : 's';
}
