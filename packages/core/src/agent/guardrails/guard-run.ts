import type { Run } from '../run/run.js';
import type { GuardrailTrip } from './guardrail.js';
import { runGuardrails } from './run-guardrails.js';

/**
 * Checks a new run's input with the agent's input guardrails: those without `runInParallel` before
 * the first model call (their trip is returned), the others alongside it (`run.inputCheck`, which the
 * loop awaits before any tool runs and the run awaits before it ends).
 * @param run - the run, before its loop
 * @param input - the user's message
 * @returns the trip of a guardrail checked first, or undefined
 * @internal
 */
export async function guardInput(run: Run, input: string): Promise<GuardrailTrip | undefined> {
  const guardrails = run.root.settings.inputGuardrails;
  if (guardrails === undefined || guardrails.length === 0) return undefined;
  const { deadline, context } = run;
  const first = guardrails.filter((guardrail) => guardrail.runInParallel !== true);
  const alongside = guardrails.filter((guardrail) => guardrail.runInParallel === true);
  if (first.length > 0) {
    const trip = await runGuardrails(first, 'input', input, context, deadline.signal, deadline.remainingMs);
    if (trip !== undefined) return trip;
  }
  if (alongside.length > 0) run.inputCheck = runGuardrails(alongside, 'input', input, context, deadline.signal, deadline.remainingMs);
  return undefined;
}

/**
 * The trip of the input guardrails checked alongside the first model call, once they answered (then
 * the run no longer waits for them).
 * @param run - the run
 * @returns the trip, or undefined when they passed or there were none
 * @internal
 */
export async function inputChecked(run: Run): Promise<GuardrailTrip | undefined> {
  const pending = run.inputCheck;
  if (pending === undefined) return undefined;
  const trip = await pending;
  run.inputCheck = undefined;
  return trip;
}

/**
 * Checks a completed run's final answer with the answering agent's output guardrails.
 * @param run - the run, after its loop
 * @param text - the final answer's text
 * @param output - the typed output, if the run has one
 * @returns the trip, or undefined
 * @internal
 */
export function guardOutput(run: Run, text: string, output?: unknown): Promise<GuardrailTrip | undefined> | undefined {
  const guardrails = run.agent.settings.outputGuardrails;
  if (guardrails === undefined || guardrails.length === 0) return undefined;
  const { deadline, context } = run;
  return runGuardrails(guardrails, 'output', text, context, deadline.signal, deadline.remainingMs, output);
}
