import { ToolcraftError } from '@toolcraft/core';
import type { RecordedRequest } from '../scripted-turn.js';

const errorName = 'ScriptExhaustedError';
const marker = Symbol.for(`toolcraft.error.${errorName}`);
const maxSummaryChars = 600;

/** A {@link ScriptedModel} was asked for more turns than were scripted. */
export class ScriptExhaustedError extends ToolcraftError {
  private readonly [marker] = true;
  override readonly name: string = errorName;

  /**
   * @param scriptedTurns - how many turns were scripted
   * @param request - the request that found the script empty
   */
  constructor(
    readonly scriptedTurns: number,
    readonly request: RecordedRequest,
  ) {
    super(
      `ScriptedModel ran out of turns: ${scriptedTurns} turn${scriptedTurns === 1 ? ' was' : 's were'} scripted, ` +
        `but the model was called again. Add a turn, or pass { onExhausted: 'repeatLast' }. ` +
        `The last request had ${request.messages.length} messages: ${summarize(request)}`,
    );
  }

  /**
   * Tells whether a value is a {@link ScriptExhaustedError}, from any copy of the package.
   * @param error - any value
   * @returns true for a {@link ScriptExhaustedError}
   */
  static override isInstance(error: unknown): error is ScriptExhaustedError {
    return ToolcraftError.hasMarker(error, marker);
  }
}

function summarize(request: RecordedRequest): string {
  const text = request.messages.map((message) => JSON.stringify(message)).join(', ');
  return text.length <= maxSummaryChars ? `[${text}]` : `[... ${text.slice(text.length - maxSummaryChars)}]`;
}
