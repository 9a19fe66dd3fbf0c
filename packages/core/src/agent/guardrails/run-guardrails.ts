import type { AgentContext } from '../../context/agent-context.js';
import { describeThrownValue } from '../../errors/describe-thrown-value.js';
import { describeValue } from '../../errors/describe-value.js';
import { GuardrailFailedError } from '../../errors/guardrail-failed-error.js';
import { readonlyView } from '../../toolsets/readonly-view.js';
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
  return results.find((trip) => trip !== undefined);
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
  const limitMs = Math.min(guardrail.timeoutMs ?? defaultTimeoutMs, remainingMs);
  try {
    const result = await callBounded(
      (signal) => guardrail.check(value, { ...view, signal, ...(kind === 'output' ? { output } : {}) }),
      runSignal,
      limitMs,
      () => new GuardrailFailedError(guardrail.name, `it did not answer within ${limitMs} ms`),
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
    return { name: guardrail.name, kind, reason: error.message, error };
  }
}

function isResult(value: unknown): value is GuardrailResult {
  return typeof value === 'object' && value !== null && typeof (value as { tripwire?: unknown }).tripwire === 'boolean';
}
