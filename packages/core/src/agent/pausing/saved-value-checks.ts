import { InvalidRunStateError } from '../../errors/invalid-run-state-error.js';
import type { StopReason } from '../../model/stop-reason.js';

/**
 * Every stop reason a saved run (or sub-run) may have stopped with.
 * @internal
 */
export const savedStopReasons: ReadonlySet<string> = new Set<StopReason>([
  'completed',
  'max_iterations',
  'max_tool_calls',
  'max_duration',
  'aborted',
  'transfer',
  'escalate',
  'interrupted',
  'guardrail',
]);

/**
 * Whether a saved value is a plain object (not null, not an array).
 * @param value - the value read
 * @returns true for an object
 * @internal
 */
export const isSavedObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Refuses a saved value, naming where it is, what was expected and what was found.
 * @param path - where the value is (`state.batch[0].callId`)
 * @param expected - what it should be
 * @param value - what it was
 * @throws InvalidRunStateError always
 * @internal
 */
export function refuseSaved(path: string, expected: string, value: unknown): never {
  const found = value === undefined ? 'missing' : (JSON.stringify(value)?.slice(0, 80) ?? typeof value);
  throw new InvalidRunStateError(`${path} should be ${expected}, but was ${found}.`);
}
