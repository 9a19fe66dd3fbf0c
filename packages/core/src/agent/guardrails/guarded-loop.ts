import type { Outcome } from '../run/run-loop.js';
import type { Run } from '../run/run.js';
import { guardInput, guardOutput, inputChecked } from './guard-run.js';
import { cutShortByRun } from './run-guardrails.js';

/**
 * The stops whose `run.text` is the model's answer, checked by the output guardrails: a completed run's
 * final answer, the answer of a typed run that did not fit its `outputType`, the text of the last turn
 * of a run stopped by a limit.
 */
const answerStops: ReadonlySet<Outcome['stopReason']> = new Set(['completed', 'invalid_output', 'max_iterations', 'max_tool_calls']);

/**
 * Runs a run's loop inside its guardrails: a new run's input is checked first (or alongside the first
 * model call, whose answer is then discarded on a trip: the transcript ends at the user's message), the
 * answer of a run that stopped with one after (`answerStops`; withheld on a trip: it leaves the
 * transcript, `run.text` is empty). A trip stops the run with `'guardrail'` and `run.guardrail`; a run stopped meanwhile (abort,
 * `maxDurationMs`, a stream's reader leaving) stops as such, and an answer its output guardrails had not
 * all passed is withheld as on a trip.
 * @param run - the run
 * @param input - the user's message of a new run; undefined for a resumed one (its input was checked)
 * @param loop - the loop
 * @returns how the run stopped
 * @internal
 */
export async function guardedLoop(run: Run, input: string | undefined, loop: () => Promise<Outcome>): Promise<Outcome> {
  const { record, deadline } = run;
  if (input !== undefined) {
    const trip = await guardInput(run, input);
    if (deadline.aborted) return { stopReason: deadline.stopReason };
    // A check whose time limit was the run's time left: the run's time is up.
    if (trip !== undefined && cutShortByRun(trip) !== undefined) return { stopReason: 'max_duration' };
    if (trip !== undefined) {
      run.guardrail = trip;
      return { stopReason: 'guardrail', text: '' };
    }
  }
  const inputEnd = record.messages.length;
  const outcome = await loop();
  const late = await inputChecked(run);
  if (late !== undefined) run.guardrail = late;
  if (run.guardrail?.kind === 'input') {
    record.messages.length = inputEnd;
    // A run stopped while its input guardrails checked fails closed too (the answer to an input no
    // guardrail passed is withheld), and stops as it was stopped: the check the stop cut short is no trip.
    const cut = cutShortByRun(run.guardrail);
    if (cut !== undefined) {
      delete run.guardrail;
      return { stopReason: deadline.aborted ? deadline.stopReason : cut, text: '' };
    }
    return { stopReason: 'guardrail', text: '' };
  }
  if (!answerStops.has(outcome.stopReason)) return outcome;
  const text = outcome.text ?? run.transcript.lastAssistantText;
  // A limit's stop without text has no answer to check.
  if (outcome.stopReason !== 'completed' && outcome.stopReason !== 'invalid_output' && text === '') return outcome;
  const checking = guardOutput(run, text, outcome.output);
  if (checking === undefined) return outcome;
  const trip = await checking;
  if (trip === undefined) return deadline.aborted ? { stopReason: deadline.stopReason } : outcome;
  withholdAnswer(run);
  // A run stopped while its guardrails checked (abort, maxDurationMs, a stream's reader leaving) fails
  // closed: the answer no guardrail passed is withheld, and the run stops as it was stopped.
  if (deadline.aborted) return { stopReason: deadline.stopReason, text: '' };
  // A check whose time limit was the run's time left: the run's time is up (the answer withheld all the same).
  const cut = cutShortByRun(trip);
  if (cut !== undefined) return { stopReason: cut, text: '' };
  run.guardrail = trip;
  return { stopReason: 'guardrail', text: '' };
}

/**
 * Takes the answer out of the transcript (so out of the result, the saved state and the session): a
 * final answer leaves it; the text of a last turn with tool calls (a run stopped by a limit) is emptied,
 * its calls kept.
 */
function withholdAnswer(run: Run): void {
  const { messages } = run.record;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role !== 'assistant') continue;
    if (message.toolCalls === undefined || message.toolCalls.length === 0) {
      if (index === messages.length - 1) messages.pop();
    } else message.content = Array.isArray(message.content) ? message.content.filter((part) => part.type !== 'text') : '';
    return;
  }
}
