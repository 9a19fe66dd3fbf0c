import { ToolcraftError } from '@toolcraft/core';
import type { RecordedRequest } from './scripted-turn.js';

const maxSummaryChars = 600;

/** A {@link ScriptedModel} was asked for more turns than were scripted. */
export class ScriptExhaustedError extends ToolcraftError {
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

  /** True for a {@link ScriptExhaustedError} of any copy of the package. */
  static override isInstance(error: unknown): error is ScriptExhaustedError {
    return ToolcraftError.isInstance(error) && error.name === 'ScriptExhaustedError';
  }
}

function summarize(request: RecordedRequest): string {
  const text = request.messages.map((message) => JSON.stringify(message)).join(', ');
  return text.length <= maxSummaryChars ? `[${text}]` : `[... ${text.slice(text.length - maxSummaryChars)}]`;
}
