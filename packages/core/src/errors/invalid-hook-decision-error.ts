import { ToolcraftError } from './toolcraft-error.js';

const errorName = 'InvalidHookDecisionError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/**
 * A hook returned something that is not one of its decisions (an `onToolCallStarting` handler neither
 * `undefined`, `{ block }` nor `{ arguments }`; an `onToolCallCompleted` handler neither `undefined`
 * nor `{ content }`; a `repairToolCall` neither `null` nor a call). It is reported through
 * `onFeatureError` and ignored, as if the hook had returned nothing.
 */
export class InvalidHookDecisionError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param hook - the feature (or agent option, `'repairToolCall'`) whose hook returned it
   * @param returned - a short description of what it returned
   * @param expected - what it may return
   */
  constructor(
    readonly hook: string,
    readonly returned: string,
    readonly expected: string,
  ) {
    super(`'${hook}' returned ${returned}, which is not ${expected}; it was ignored.`);
  }

  /**
   * Tells whether a value is a {@link InvalidHookDecisionError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link InvalidHookDecisionError}
   */
  static override isInstance(error: unknown): error is InvalidHookDecisionError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
