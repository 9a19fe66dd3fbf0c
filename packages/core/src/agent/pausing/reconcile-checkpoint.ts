import type { CheckpointStore } from '../../checkpoints/checkpoint-store.js';
import { InvalidRunStateError } from '../../errors/invalid-run-state-error.js';
import { readRunState } from './read-run-state.js';
import { loadCheckpoint } from './load-checkpoint.js';
import type { RunState } from './run-state.js';

/**
 * Before a state is resumed with a checkpoint store: makes sure it is not behind the run's last
 * checkpoint, which another process may have written (a copy of the state saved earlier, resumed
 * twice). Results the checkpoint recorded for the state's waiting batch are taken over, and calls it
 * marked started stay marked (so they are not run again blindly); a state the run has moved past is refused.
 * @param state - the state to resume
 * @param store - the run's checkpoint store
 * @param signal - the run's signal
 * @throws InvalidRunStateError when the checkpoint is further on than the state; CheckpointLoadError when it cannot be loaded
 */
export async function reconcileWithCheckpoint(state: RunState, store: CheckpointStore, signal: AbortSignal): Promise<void> {
  const saved = await loadCheckpoint(store, state.runId, signal);
  if (saved === undefined) return;
  let stored;
  try {
    stored = readRunState(saved);
  } catch {
    // An unreadable checkpoint does not stop a good state from resuming (and is overwritten by it).
    return;
  }
  const { data } = state;
  const storedBatch = stored.batch;
  const behind =
    stored.iterations > data.iterations ||
    (stored.iterations === data.iterations &&
      data.batch !== undefined &&
      storedBatch === undefined &&
      stored.toolCalls.length > data.toolCalls.length);
  if (behind)
    throw new InvalidRunStateError(
      `the run '${state.runId}' has moved on since this state was saved (its checkpoint has ${stored.iterations} model calls and ${stored.toolCalls.length} tool results, this state ${data.iterations} and ${data.toolCalls.length}); resuming it could repeat calls. Continue from the checkpoint with agent.recover(runId, { checkpoints }).`,
    );
  if (data.batch === undefined || storedBatch === undefined) return;
  for (const entry of data.batch) {
    const recorded = storedBatch.find((candidate) => candidate.callId === entry.callId);
    if (recorded === undefined || entry.result !== undefined) continue;
    if (recorded.result !== undefined) entry.result = recorded.result;
    else if (recorded.started) entry.started = true;
  }
}
