import { type CheckpointStore, RunState } from '@toolcraft/core';
import { loadCheckpoint } from '@toolcraft/core/internal';

const firstPollMs = 100;
const maxPollMs = 2_000;

/**
 * Loads a run's checkpoint, waiting while it says the run is running (another process is running it,
 * or died running it and it has not been recovered yet): polls, from 100 ms up to 2 s apart.
 * @param checkpoints - the store
 * @param runId - the run
 * @param waitMs - how long to wait at most
 * @param signal - stops the wait (the resumer closes)
 * @returns the stopped run's state; undefined when the store has no checkpoint of it; `'running'` when it still ran at the end of the wait
 * @throws CheckpointLoadError when a load failed or took longer than 10 s; the signal's reason when it aborted during a load
 */
export async function waitForStoppedRun(
  checkpoints: CheckpointStore,
  runId: string,
  waitMs: number,
  signal: AbortSignal,
): Promise<RunState | 'running' | undefined> {
  const deadline = Date.now() + waitMs;
  for (let pollMs = firstPollMs; ; pollMs = Math.min(pollMs * 2, maxPollMs)) {
    // Bounded (10 s a load) and ended by the signal: a store that never answers does not hold the update forever.
    const saved = await loadCheckpoint(checkpoints, runId, signal);
    if (saved === undefined) return undefined;
    const state = RunState.fromJSON(saved.checkpoint);
    if (state.stopReason !== undefined) return state;
    const left = deadline - Date.now();
    if (left <= 0 || signal.aborted) return 'running';
    await pause(Math.min(pollMs, left), signal);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
