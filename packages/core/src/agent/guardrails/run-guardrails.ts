import type { AgentContext } from '../../context/agent-context.js';
import { describeThrownValue } from '../../errors/describe-thrown-value.js';
import { describeValue } from '../../errors/describe-value.js';
import { GuardrailFailedError } from '../../errors/guardrail-failed-error.js';
import { readonlyView } from '../../toolsets/readonly-view.js';
import { RunTimeLimitReachedError } from '../../errors/run-time-limit-reached-error.js';
import { callBounded } from '../bounded-callback.js';
import type { Guardrail, GuardrailResult, GuardrailTrip } from './guardrail.js';

/** The time a guardrail's check may take when it sets none. */
const defaultTimeoutMs = 30_000;

/**
 * Runs guardrails side by side on one value and answers the first that trips, in their order: a
 * check that throws, passes its time limit or answers something that is not a result trips too
 * (fails closed), with a {@link GuardrailFailedError} naming it. Never rejects.
 * @param guardrails - the guardrails
 * @param kind - of the input or of the final answer
 * @param value - what they check
 * @param context - the run's context
 * @param signal - the run's signal (a run that stops stops its guardrails)
 * @param remainingMs - the run's time left
 * @param output - the typed output, for output guardrails
 * @returns the trip, or undefined when all passed
 * @internal
 */
export async function runGuardrails(
  guardrails: readonly Guardrail<string>[],
  kind: 'input' | 'output',
  value: string,
  context: AgentContext,
  signal: AbortSignal,
  remainingMs: number,
  output?: unknown,
): Promise<GuardrailTrip | undefined> {
  const view = readonlyView(context);
  const results = await Promise.all(guardrails.map((guardrail) => checkOne(guardrail, kind, value, view, signal, remainingMs, output)));
  // A trip (or a failure) of its own, in order, before a check the run's stop cut short.
  return results.find((trip) => trip !== undefined && !cutShortTrips.has(trip)) ?? results.find((trip) => trip !== undefined);
}

/**
 * The trips of checks that the run's stop cut short (no verdict of the guardrail): `'aborted'` when the
 * run's abort reached the check, `'max_duration'` when the check's time limit was the run's time left.
 */
const cutShortTrips = new WeakMap<GuardrailTrip, 'aborted' | 'max_duration'>();

/**
 * @param trip - a guardrail trip
 * @returns how the run's stop cut the check short (fail-closed, but no verdict of the guardrail), or undefined for a trip of its own
 * @internal
 */
export function cutShortByRun(trip: GuardrailTrip): 'aborted' | 'max_duration' | undefined {
  return cutShortTrips.get(trip);
}

async function checkOne(
  guardrail: Guardrail<string>,
  kind: 'input' | 'output',
  value: string,
  view: ReturnType<typeof readonlyView>,
  runSignal: AbortSignal,
  remainingMs: number,
  output: unknown,
): Promise<GuardrailTrip | undefined> {
  try {
    const result = await callBounded(
      (signal) => guardrail.check(value, { ...view, signal, ...(kind === 'output' ? { output } : {}) }),
      runSignal,
      guardrail.timeoutMs ?? defaultTimeoutMs,
      remainingMs,
      (limitMs) => new GuardrailFailedError(guardrail.name, `it did not answer within ${limitMs} ms`),
    );
    if (!isResult(result))
      throw new GuardrailFailedError(guardrail.name, `it answered ${describeValue(result)}, not { tripwire: boolean, reason?, info? }`);
    if (!result.tripwire) return undefined;
    return {
      name: guardrail.name,
      kind,
      ...(typeof result.reason === 'string' ? { reason: result.reason } : {}),
      ...(result.info === undefined ? {} : { info: result.info }),
    };
  } catch (thrown) {
    const error = GuardrailFailedError.isInstance(thrown)
      ? thrown
      : new GuardrailFailedError(guardrail.name, `it threw: ${describeThrownValue(thrown)}`, thrown);
    const trip: GuardrailTrip = { name: guardrail.name, kind, reason: error.message, error };
    // The run stopped (its abort reached the check, or its time ran out first): a trip that fails closed, not the guardrail's verdict.
    if (runSignal.aborted && thrown === runSignal.reason) cutShortTrips.set(trip, 'aborted');
    else if (RunTimeLimitReachedError.isInstance(thrown)) cutShortTrips.set(trip, 'max_duration');
    return trip;
  }
}

function isResult(value: unknown): value is GuardrailResult {
  return typeof value === 'object' && value !== null && typeof (value as { tripwire?: unknown }).tripwire === 'boolean';
}
