import type { ReadonlyAgentContext } from '../../context/readonly-agent-context.js';

/** What a guardrail's check answers: whether its tripwire fired, why, and anything for the host. */
export interface GuardrailResult {
  /** True stops the run with `stopReason: 'guardrail'`. */
  tripwire: boolean;
  /** Why, for the host (`'SSN'`). */
  reason?: string;
  /** Anything else the host should see (`run.guardrail.info`). */
  info?: unknown;
}

/** What a guardrail's check is given besides the text: the run's id, agent, a read-only state, and its signal. */
export interface GuardrailContext extends ReadonlyAgentContext {
  /** Aborts when the run stops or the guardrail's time is up: pass it to any request the check makes. */
  readonly signal: AbortSignal;
}

/**
 * A check of a run's input (`inputGuardrails`: the user's message, before the first model call) or of
 * its final answer (`outputGuardrails`: the answer's text, and `output` for a typed run). A trip stops
 * the run with `stopReason: 'guardrail'` and `run.guardrail`. A check that throws or passes its time
 * limit trips too (fails closed).
 * @example
 * const noPII: Guardrail<string> = { name: 'no_pii', check: (text) => ({ tripwire: /\d{3}-\d{2}-\d{4}/.test(text), reason: 'SSN' }) };
 */
export interface Guardrail<TValue = string> {
  /** Its name, in `run.guardrail` and errors. */
  readonly name: string;
  /**
   * @param value - the user's input (input guardrails) or the final answer's text (output guardrails)
   * @param context - the run's id, agent, read-only state and a signal; `output` for a typed run's output guardrails
   */
  check(value: TValue, context: GuardrailContext & { readonly output?: unknown }): GuardrailResult | Promise<GuardrailResult>;
  /**
   * Input guardrails only: start the first model call alongside the check instead of after it. The
   * model's answer is discarded on a trip, and no tool runs before every input guardrail passed.
   */
  readonly runInParallel?: boolean;
  /** The longest the check may take, in ms (default 30,000; never past the run's own time limit). */
  readonly timeoutMs?: number;
}

/** The guardrail that stopped a run (`run.guardrail`). */
export interface GuardrailTrip {
  /** The guardrail's name. */
  name: string;
  /** Which check: of the input or of the final answer. */
  kind: 'input' | 'output';
  /** Why, as the guardrail said, or what went wrong when it failed (threw or passed its time). */
  reason?: string;
  /** What the guardrail added for the host. */
  info?: unknown;
  /** The error, when the guardrail failed rather than tripped (it fails closed). */
  error?: unknown;
}
