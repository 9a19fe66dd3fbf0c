import type { Outcome } from '../run/run-loop.js';
import type { Run } from '../run/run.js';
import { guardInput, guardOutput, inputChecked } from './guard-run.js';

/**
 * Runs a run's loop inside its guardrails: a new run's input is checked first (or alongside the first
 * model call, whose answer is then discarded on a trip: the transcript ends at the user's message), a
 * completed run's final answer after (withheld on a trip: it leaves the transcript, `run.text` is
 * empty). A trip stops the run with `'guardrail'` and `run.guardrail`; a run stopped meanwhile (abort,
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
    if (deadline.signal.aborted) return { stopReason: deadline.stopReason };
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
    return { stopReason: 'guardrail', text: '' };
  }
  if (outcome.stopReason !== 'completed') return outcome;
  const text = outcome.text ?? run.transcript.lastAssistantText;
  const checking = guardOutput(run, text, outcome.output);
  if (checking === undefined) return outcome;
  const trip = await checking;
  if (trip === undefined) return deadline.signal.aborted ? { stopReason: deadline.stopReason } : outcome;
  withholdAnswer(run);
  // A run stopped while its guardrails checked (abort, maxDurationMs, a stream's reader leaving) fails
  // closed: the answer no guardrail passed is withheld, and the run stops as it was stopped.
  if (deadline.signal.aborted) return { stopReason: deadline.stopReason, text: '' };
  run.guardrail = trip;
  return { stopReason: 'guardrail', text: '' };
}

/** Takes the final answer out of the transcript (so out of the result, the saved state and the session). */
function withholdAnswer(run: Run): void {
  const { messages } = run.record;
  const last = messages.at(-1);
  if (last?.role === 'assistant' && (last.toolCalls === undefined || last.toolCalls.length === 0)) messages.pop();
}
