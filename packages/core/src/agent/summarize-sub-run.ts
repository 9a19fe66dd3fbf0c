import { newRunRecord } from './run/run-record.js';
import { RunState } from './pausing/run-state.js';
import type { RunResult } from './run-result.js';
import type { SubRunSummary } from './sub-run-summary.js';

/**
 * @param run - a sub-run's result
 * @returns what a paused parent's state keeps of it (JSON data)
 */
export function summarizeSubRun(run: RunResult): SubRunSummary {
  const { runId, agentName, handoffs, text, stopReason, usage, stateDelta, transferTo, durationMs, finishReason, subRuns } = run;
  return {
    runId,
    agentName,
    handoffs: handoffs.map((handoff) => ({ ...handoff })),
    text,
    stopReason,
    usage: { ...usage },
    stateDelta: structuredClone(stateDelta),
    ...(transferTo === undefined ? {} : { transferTo }),
    durationMs,
    ...(finishReason === undefined ? {} : { finishReason }),
    ...(subRuns === undefined ? {} : { subRuns: subRuns.map(summarizeSubRun) }),
  };
}

/**
 * The result of a sub-run from before a pause, as a resumed parent reports it: the summary's fields,
 * no messages nor tool calls (not kept), and a finished state of the run (there is nothing to resume).
 * @param summary - what the paused state kept
 * @returns the sub-run's result
 */
export function restoreSubRun(summary: SubRunSummary): RunResult {
  const { subRuns, ...kept } = summary;
  const data = { ...newRunRecord(summary.runId, summary.agentName), status: summary.stopReason, text: summary.text };
  return {
    ...kept,
    messages: [],
    toolCalls: [],
    state: new RunState(data),
    interruptions: [],
    pending: [],
    ...(subRuns === undefined ? {} : { subRuns: subRuns.map(restoreSubRun) }),
  };
}
