import type { CheckpointStore } from '../../checkpoints/checkpoint-store.js';
import { CheckpointConflictError } from '../../errors/checkpoint-conflict-error.js';
import { InvalidRunStateError } from '../../errors/invalid-run-state-error.js';
import { readRunRecord } from '../run/read-run-record.js';
import type { BatchEntry, PendingEntry, RunRecord } from '../run/run-record.js';
import { loadCheckpoint } from './load-checkpoint.js';
import { RunInProgressError } from '../../errors/run-in-progress-error.js';
import { mayBeRunning, runningOwner } from '../run/run-owner.js';

/**
 * Before a state is resumed with a checkpoint store: brings it up to the run's last checkpoint, which
 * another process (or another copy of the state) may have written since the state was read. A state
 * the run has moved past (more model calls, or a batch answered since) is refused. A checkpoint of the
 * same turn is merged in: results it recorded for the waiting batch and calls it marked started are
 * taken over (so nothing runs twice), decisions the state lacks are taken, and long-running updates
 * it was given (by a resumer delivering a result while the run waited for a person) are kept. The
 * state then expects that checkpoint's version: its first save is a compare-and-set on it.
 * @param record - the record of the state to resume
 * @param store - the run's checkpoint store
 * @param signal - the run's signal
 * @param options - `allowMissing`: resume a checkpointed state whose checkpoint is gone (expired, deleted) as a new run
 *   (`allowMissingCheckpoint`); `takeOver`: take over a run whose owner may still be running it (the caller knows it died)
 * @throws InvalidRunStateError when the state was checkpointed and the store has no checkpoint of it (unless `allowMissing`);
 *   RunInProgressError when the checkpoint says another process is running the run now (its owner, unless known to have stopped: see run-owner.ts);
 *   InvalidRunStateError (its cause a CheckpointConflictError) when the checkpoint is further on than the state; CheckpointLoadError when it cannot be loaded
 */
export async function reconcileWithCheckpoint(
  record: RunRecord,
  store: CheckpointStore,
  signal: AbortSignal,
  options: { allowMissing?: boolean; takeOver?: boolean } = {},
): Promise<void> {
  const { allowMissing = false, takeOver = false } = options;
  const loaded = await loadCheckpoint(store, record.runId, signal);
  if (loaded === undefined) {
    const saved = record.checkpointVersion ?? 0;
    if (saved > 0 && !allowMissing)
      throw new InvalidRunStateError(
        `the run '${record.runId}' was checkpointed (this state is at checkpoint version ${saved}), but the checkpoint store has no checkpoint of it any more (it expired or was deleted): nothing tells whether a newer copy of this state ran since, and resuming it could repeat that copy's calls. Resume it with { allowMissingCheckpoint: true } only when this is the run's latest state.`,
      );
    record.checkpointVersion = 0;
    return;
  }
  const { version } = loaded;
  const owner = runningOwner(loaded.checkpoint);
  // One owner per run: a run another process is running now is not taken over (a dead owner's is).
  if (owner !== undefined && !takeOver && mayBeRunning(owner))
    throw new RunInProgressError(record.runId, record.checkpointVersion ?? 0, version, owner);
  if (record.checkpointVersion === version) return;
  let stored: RunRecord;
  try {
    stored = readRunRecord(loaded.checkpoint);
  } catch {
    // An unreadable checkpoint does not stop a good state from resuming (and is overwritten by it).
    record.checkpointVersion = version;
    return;
  }
  const behind =
    stored.iterations > record.iterations ||
    (stored.iterations === record.iterations &&
      record.batch !== undefined &&
      stored.batch === undefined &&
      stored.toolCalls.length > record.toolCalls.length);
  if (behind)
    throw new InvalidRunStateError(
      `the run '${record.runId}' has moved on since this state was saved (its checkpoint has ${stored.iterations} model calls and ${stored.toolCalls.length} tool results, this state ${record.iterations} and ${record.toolCalls.length}); resuming it could repeat calls. Continue from the checkpoint with agent.recover(runId, { checkpoints }).`,
      // The cause says what happened, for a caller that reloads and tries again (the BullMQ resumer).
      new CheckpointConflictError(record.runId, record.checkpointVersion ?? 0, version),
    );
  if (record.batch !== undefined && stored.batch !== undefined) mergeBatch(record.batch, stored.batch);
  mergePending(record, stored);
  record.checkpointVersion = version;
}

function mergeBatch(entries: BatchEntry[], storedBatch: readonly BatchEntry[]): void {
  for (const entry of entries) {
    const recorded = storedBatch.find((candidate) => candidate.callId === entry.callId);
    if (recorded === undefined || entry.result !== undefined) continue;
    if (recorded.result !== undefined) {
      entry.result = recorded.result;
      continue;
    }
    if (recorded.started) {
      entry.started = true;
      // It started with these arguments (an approval's edited ones).
      entry.arguments = recorded.arguments;
    }
    if (recorded.inDoubt && entry.decision === undefined) {
      entry.gate = 'approval';
      entry.inDoubt = true;
    }
    if (entry.decision === undefined && recorded.decision !== undefined) entry.decision = recorded.decision;
    if (entry.gate === undefined && recorded.gate !== undefined) {
      entry.gate = recorded.gate;
      if (recorded.request !== undefined) entry.request = recorded.request;
      if (recorded.subRun !== undefined) entry.subRun = recorded.subRun;
    }
  }
}

/** Long-running updates the checkpoint was given and the state was not: kept, so none is lost. */
function mergePending(record: RunRecord, stored: RunRecord): void {
  for (const storedEntry of stored.pending) {
    const entry = record.pending.find((candidate) => candidate.callId === storedEntry.callId);
    if (entry === undefined) {
      if (!record.done.includes(storedEntry.callId)) record.pending.push(storedEntry);
      continue;
    }
    for (const update of storedEntry.updates) if (!hasUpdate(entry, update)) entry.updates.push(update);
    if (storedEntry.final && !entry.final) entry.final = true;
  }
}

function hasUpdate(entry: PendingEntry, update: PendingEntry['updates'][number]): boolean {
  return entry.updates.some((known) => known.value === update.value && known.final === update.final);
}
