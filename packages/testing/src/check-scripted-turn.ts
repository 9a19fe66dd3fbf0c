import { InvalidScriptedTurnError } from './errors/invalid-scripted-turn-error.js';
import type { ScriptedOutcome, ScriptedTurn } from './scripted-turn.js';

const expected = 'expected { text }, { toolCalls }, { error } or a function of the request returning one of them';

/** The keys of a scripted reply. */
const replyKeys: ReadonlySet<string> = new Set(['text', 'output', 'toolCalls', 'usage', 'finishReason']);

/**
 * Checks a script when a {@link ScriptedModel} is built: an array whose turns are functions or outcomes.
 * @param turns - the script
 * @returns a copy of the script
 * @throws InvalidScriptedTurnError naming the first bad turn and what was expected
 */
export function checkScript(turns: unknown): readonly ScriptedTurn[] {
  if (!Array.isArray(turns)) throw new InvalidScriptedTurnError(0, `expected an array of turns, but got ${kindOf(turns)}.`);
  const script = [...(turns as unknown[])];
  script.forEach((turn, index) => {
    if (typeof turn !== 'function') checkOutcome(turn, index + 1);
  });
  return script as ScriptedTurn[];
}

/**
 * Checks one outcome: a scripted one, or what a function turn returned.
 * @param outcome - the value to check
 * @param turn - the turn's number, from 1
 * @returns the outcome
 * @throws InvalidScriptedTurnError saying what was wrong and what was expected
 */
export function checkOutcome(outcome: unknown, turn: number): ScriptedOutcome {
  if (typeof outcome !== 'object' || outcome === null || Array.isArray(outcome)) {
    throw new InvalidScriptedTurnError(turn, `${expected}, but got ${kindOf(outcome)}.`);
  }
  if ('error' in outcome) return outcome as ScriptedOutcome;
  // A misspelt key (`txt`) would otherwise script an empty answer without a word.
  for (const key in outcome)
    if (!replyKeys.has(key))
      throw new InvalidScriptedTurnError(
        turn,
        `${expected}, but got an unknown key '${key}' (a reply takes ${[...replyKeys].join(', ')}).`,
      );
  const { text, toolCalls, output } = outcome as { text?: unknown; toolCalls?: unknown; output?: unknown };
  if (text !== undefined && typeof text !== 'string')
    throw new InvalidScriptedTurnError(turn, `text must be a string, but got ${kindOf(text)}.`);
  if (output !== undefined) checkOutput(output, text, turn);
  if (toolCalls === undefined) return outcome as ScriptedOutcome;
  if (!Array.isArray(toolCalls)) throw new InvalidScriptedTurnError(turn, `toolCalls must be an array, but got ${kindOf(toolCalls)}.`);
  for (let index = 0; index < toolCalls.length; index++) checkToolCall(toolCalls[index], turn, index);
  return outcome as ScriptedOutcome;
}

function checkToolCall(call: unknown, turn: number, index: number): void {
  if (typeof call !== 'object' || call === null) {
    throw new InvalidScriptedTurnError(turn, `toolCalls[${index}] must be { name, arguments?, id? }, but got ${kindOf(call)}.`);
  }
  const { name, id, arguments: args } = call as { name?: unknown; id?: unknown; arguments?: unknown };
  if (typeof name !== 'string')
    throw new InvalidScriptedTurnError(turn, `toolCalls[${index}].name must be a string, but got ${kindOf(name)}.`);
  if (id !== undefined && typeof id !== 'string')
    throw new InvalidScriptedTurnError(turn, `toolCalls[${index}].id must be a string, but got ${kindOf(id)}.`);
  if (args !== undefined && typeof args !== 'string' && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    throw new InvalidScriptedTurnError(turn, `toolCalls[${index}].arguments must be a JSON string or an object, but got ${kindOf(args)}.`);
  }
}

/** A structured answer: alone (it is the text), and JSON. */
function checkOutput(output: unknown, text: unknown, turn: number): void {
  if (text !== undefined) throw new InvalidScriptedTurnError(turn, 'give text or output, not both (output is sent as its JSON text).');
  let json: string | undefined;
  try {
    json = JSON.stringify(output);
  } catch {
    json = undefined;
  }
  if (json === undefined) throw new InvalidScriptedTurnError(turn, `output must be a JSON value, but got ${kindOf(output)}.`);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value)}`;
  if (value === undefined) return 'undefined';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
