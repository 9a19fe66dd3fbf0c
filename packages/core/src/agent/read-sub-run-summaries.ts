import { isSavedObject as isObject, refuseSaved as wrong, savedStopReasons as stopReasons } from './pausing/saved-value-checks.js';
import type { SubRunSummary } from './sub-run-summary.js';

/**
 * Checks the sub-runs a saved run state kept (`state.subRuns`, see {@link SubRunSummary}).
 * @param value - the saved value (undefined when the run had none)
 * @param path - where it is, for the error (`state.subRuns`)
 * @throws InvalidRunStateError naming the first field that is wrong and what was expected
 */
export function readSubRunSummaries(value: unknown, path: string): asserts value is SubRunSummary[] | undefined {
  if (value === undefined) return;
  if (!Array.isArray(value)) wrong(path, 'an array of sub-run summaries', value);
  value.forEach((run: unknown, index) => {
    const at = `${path}[${index}]`;
    if (!isObject(run)) wrong(at, 'a sub-run summary object', run);
    for (const key of ['runId', 'agentName', 'text']) if (typeof run[key] !== 'string') wrong(`${at}.${key}`, 'a string', run[key]);
    if (!stopReasons.has(run.stopReason as string)) wrong(`${at}.stopReason`, 'a stop reason', run.stopReason);
    const usage = run.usage;
    if (!isObject(usage) || !['inputTokens', 'outputTokens', 'totalTokens'].every((key) => typeof usage[key] === 'number'))
      wrong(`${at}.usage`, 'an object of token counts', usage);
    if (!isObject(run.stateDelta)) wrong(`${at}.stateDelta`, 'an object of state changes', run.stateDelta);
    if (!Array.isArray(run.handoffs)) wrong(`${at}.handoffs`, 'an array of handoffs', run.handoffs);
    if (typeof run.durationMs !== 'number') wrong(`${at}.durationMs`, 'a number', run.durationMs);
    readSubRunSummaries(run.subRuns, `${at}.subRuns`);
  });
}
