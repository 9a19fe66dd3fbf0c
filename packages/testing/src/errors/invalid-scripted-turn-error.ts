import { ToolcraftError } from '@toolcraft/core';

const errorName = 'InvalidScriptedTurnError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);

/** A {@link ScriptedModel} script with a turn that is not a reply, a failure or a function of the request. */
export class InvalidScriptedTurnError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param turn - the turn's number, from 1 (0 for the script itself)
   * @param problem - what was wrong and what was expected
   */
  constructor(
    readonly turn: number,
    problem: string,
  ) {
    super(turn === 0 ? `ScriptedModel script: ${problem}` : `ScriptedModel turn ${turn}: ${problem}`);
  }

  /**
   * Tells whether a value is an {@link InvalidScriptedTurnError}, from any copy of the package.
   * @param error - any value
   * @returns true for an {@link InvalidScriptedTurnError}
   */
  static override isInstance(error: unknown): error is InvalidScriptedTurnError {
    return ToolcraftError.hasMarker(error, marker);
  }
}
