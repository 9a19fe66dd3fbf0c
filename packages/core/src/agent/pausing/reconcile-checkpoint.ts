import type { CheckpointStore } from '../../checkpoints/checkpoint-store.js';
import { CheckpointConflictError } from '../../errors/checkpoint-conflict-error.js';
import { InvalidRunStateError } from '../../errors/invalid-run-state-error.js';
import { readRunRecord } from '../run/read-run-record.js';
import type { BatchEntry, PendingEntry, PendingUpdate, RunRecord } from '../run/run-record.js';
import { loadCheckpoint } from './load-checkpoint.js';
import { deliveredText } from './deliver-updates.js';
import type { ChatMessage } from '../../model/messages.js';
import { RunInProgressError } from '../../errors/run-in-progress-error.js';
import { mayBeRunning, runningOwner } from '../run/run-owner.js';

/**
 * Before a state is resumed with a checkpoint store: brings it up to the run's last checkpoint, which
 * another process (or another copy of the state) may have written since the state was read. A state
 * the run has moved past (more model calls, or a batch answered since) is refused. A checkpoint of the
 * same turn is merged in: results it recorded for the waiting batch and calls it marked started are
 * taken over (with the decision they started under), a call it put in doubt is in doubt (the copy's
 * older approval is spent), decisions the state lacks are taken, long-running updates it was given and
 * results it delivered to the model at that turn are kept. A paused `AgentTool` sub-run in the batch
 * is reconciled the same way (the copy is refused when that run moved on). The
 * state then expects that checkpoint's version: its first save is a compare-and-set on it.
 * @param record - the record of the state to resume
 * @param store - the run's checkpoint store
 * @param signal - the run's signal
 * @param options - `allowMissing`: resume a checkpointed state whose checkpoint is gone (expired, deleted) as a new run
 *   (`allowMissingCheckpoint`); `takeOver`: take over a run whose owner may still be running it (the caller knows it died)
 * @throws InvalidRunStateError when the state was checkpointed and the store has no checkpoint of it (unless `allowMissing`);
 *   RunInProgressError when the checkpoint says another process is running the run now (its owner, unless known to have stopped: see run-owner.ts);
 *   InvalidRunStateError (its cause a CheckpointConflictError) when the checkpoint is further on than the state; InvalidRunStateError
 *   (its cause the reader's error) when the checkpoint cannot be read by this version (a newer format); CheckpointLoadError when it cannot be loaded
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
  // The same version number is not proof of the same checkpoint (one deleted and written again starts
  // over, a store restored from a copy): the checkpoint is read and merged whatever its version.
  let stored: RunRecord;
  try {
    stored = readRunRecord(loaded.checkpoint);
  } catch (error) {
    // A checkpoint this version cannot read (a newer format, a stricter reader) may be further on than the
    // copy: resuming over it could repeat its calls, and would overwrite it. Refused (fail closed).
    throw new InvalidRunStateError(
      `the checkpoint of run '${record.runId}' (version ${version}) cannot be read by this version of toolcraft (${error instanceof Error ? error.message : String(error)}); it may be further on than this state, and resuming this state over it could repeat its calls. Resume the run where its checkpoint can be read (the version that wrote it), or delete the checkpoint and resume with { allowMissingCheckpoint: true } if this state is the run's latest.`,
      error,
    );
  }
  const movedOn = reconcile(record, stored);
  if (movedOn !== undefined)
    throw new InvalidRunStateError(
      `the run '${record.runId}' has moved on since this state was saved (${movedOn}); resuming it could repeat calls. Continue from the checkpoint with agent.recover(runId, { checkpoints }).`,
      // The cause says what happened, for a caller that reloads and tries again (the BullMQ resumer).
      new CheckpointConflictError(record.runId, record.checkpointVersion ?? 0, version),
    );
  record.checkpointVersion = version;
}

/**
 * Brings a record (the run's, or a paused sub-run's inside it) up to the checkpoint's copy of it.
 * @returns what the checkpoint has that the record lacks when that copy is further on (the record is then refused), else undefined
 */
function reconcile(record: RunRecord, stored: RunRecord, path = 'its checkpoint'): string | undefined {
  const behind =
    stored.iterations > record.iterations ||
    (stored.iterations === record.iterations &&
      record.batch !== undefined &&
      stored.batch === undefined &&
      stored.toolCalls.length > record.toolCalls.length);
  if (behind)
    return `${path} has ${stored.iterations} model calls and ${stored.toolCalls.length} tool results, this state ${record.iterations} and ${record.toolCalls.length}`;
  const delivered = takeDelivered(record, stored, path);
  if (delivered !== undefined) return delivered;
  const ranSince = movedOnInTurn(record, stored);
  if (record.batch !== undefined && stored.batch !== undefined) {
    const inSubRun = mergeBatch(record.batch, stored.batch);
    if (inSubRun !== undefined) return inSubRun;
  }
  mergePending(record, stored);
  if (ranSince) takeCounts(record, stored);
  return undefined;
}

/**
 * Whether the checkpoint ran calls of this turn the record did not (it recorded a result or a start the
 * record lacks, or counts more tool calls): what those calls did is the checkpoint's.
 */
function movedOnInTurn(record: RunRecord, stored: RunRecord): boolean {
  if (stored.iterations !== record.iterations) return false;
  if (stored.toolCallCount > record.toolCallCount) return true;
  return (stored.batch ?? []).some((recorded) => {
    const entry = record.batch?.find((candidate) => candidate.callId === recorded.callId);
    return (
      entry !== undefined &&
      ((recorded.result !== undefined && entry.result === undefined) || (recorded.started === true && entry.started !== true))
    );
  });
}

/**
 * The checkpoint is the truth of what the run did: its per-tool counts, state values and changed keys,
 * counters, usage, sub-runs and the actions its calls asked for replace the copy's (the copy only
 * contributes its decisions and updates).
 */
function takeCounts(record: RunRecord, stored: RunRecord): void {
  record.state = stored.state;
  record.changed = stored.changed;
  record.toolCallCount = stored.toolCallCount;
  record.usage = stored.usage;
  record.elapsedMs = Math.max(record.elapsedMs, stored.elapsedMs);
  if (stored.toolUsage === undefined) delete record.toolUsage;
  else record.toolUsage = stored.toolUsage;
  if (stored.actions === undefined) delete record.actions;
  else record.actions = stored.actions;
  if (stored.subRuns === undefined) delete record.subRuns;
  else record.subRuns = stored.subRuns;
  if (stored.outputRetries !== undefined) record.outputRetries = Math.max(record.outputRetries ?? 0, stored.outputRetries);
}

/**
 * Long-running results the checkpoint delivered to the model at this same turn (a resumer whose run then
 * stopped before its next model call): the copy takes the messages and the closed calls, so the model
 * still sees them and no call is open again. Anything else the checkpoint added is a run further on.
 */
function takeDelivered(record: RunRecord, stored: RunRecord, path: string): string | undefined {
  const extra = stored.messages.length - record.messages.length;
  if (extra <= 0 || stored.iterations !== record.iterations) return undefined;
  const onlyDelivered =
    record.batch === undefined &&
    stored.batch === undefined &&
    stored.toolCalls.length === record.toolCalls.length &&
    stored.messages.slice(record.messages.length).every((message) => message.role === 'user') &&
    record.messages.every((message, index) => sameMessage(message, stored.messages[index]!));
  if (!onlyDelivered) return `${path} has ${stored.messages.length} messages at the same model call, this state ${record.messages.length}`;
  const taken = stored.messages.slice(record.messages.length);
  record.messages.push(...taken);
  for (const callId of stored.done) if (!record.done.includes(callId)) record.done.push(callId);
  record.pending = record.pending.filter((entry) => !stored.done.includes(entry.callId));
  dropDeliveredUpdates(record.pending, taken);
  return undefined;
}

/**
 * The copy's updates the checkpoint delivered (a message taken over says so, as progress or as the final
 * result) are not delivered again; each delivered message accounts for one update.
 */
function dropDeliveredUpdates(pending: PendingEntry[], taken: readonly ChatMessage[]): void {
  const texts = taken.map((message) => (typeof message.content === 'string' ? message.content : undefined));
  for (const entry of pending)
    entry.updates = entry.updates.filter((update) => {
      const at = texts.findIndex(
        (text) => text === deliveredText(entry, update.value, false) || text === deliveredText(entry, update.value, true),
      );
      if (at === -1) return true;
      texts[at] = undefined;
      return false;
    });
}

function sameMessage(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Merges the checkpoint's batch into the record's; returns why a paused sub-run of it is refused, if one is. */
function mergeBatch(entries: BatchEntry[], storedBatch: readonly BatchEntry[]): string | undefined {
  for (const entry of entries) {
    const recorded = storedBatch.find((candidate) => candidate.callId === entry.callId);
    if (recorded === undefined || entry.result !== undefined) continue;
    if (recorded.result !== undefined) {
      entry.result = recorded.result;
      delete entry.subRun;
      continue;
    }
    if (recorded.subRun !== undefined) {
      if (entry.subRun !== undefined) {
        // The call's agent's run, merged the way this run is (refused when that run has moved on).
        const movedOn = reconcile(entry.subRun, recorded.subRun, `the checkpoint's run of the agent of call '${entry.callId}'`);
        if (movedOn !== undefined) return movedOn;
      } else {
        // The call ran (its agent's run paused, or it was running) after this copy was taken: an approval
        // the copy holds for it is spent, and that run goes on from where the checkpoint has it.
        entry.subRun = recorded.subRun;
        if (recorded.gate === 'agent') {
          entry.gate = 'agent';
          delete entry.decision;
        }
      }
    }
    if (recorded.started) {
      entry.started = true;
      // It started with these arguments (an approval's edited ones), under the checkpoint's decision: the
      // copy's own (other edited arguments, a rejection) came too late for it.
      entry.arguments = recorded.arguments;
      if (recorded.decision === undefined) delete entry.decision;
      else entry.decision = recorded.decision;
    }
    if (recorded.inDoubt && (!entry.inDoubt || givenAfter(recorded.inDoubtAt, entry.inDoubtAt))) {
      // The copy is from before the call was put in doubt (this time: it may have answered an earlier
      // in-doubt question, and the call started again and went in doubt since): its decision is spent,
      // and the in-doubt question is the one to answer now, about the arguments the call started with.
      entry.gate = 'approval';
      entry.inDoubt = true;
      if (recorded.inDoubtAt !== undefined) entry.inDoubtAt = recorded.inDoubtAt;
      entry.arguments = recorded.arguments;
      delete entry.decision;
      delete entry.started;
    }
    // Of two decisions (this copy's and the checkpoint's), the one given last wins, as a second decision on one copy does.
    if (recorded.decision !== undefined && (entry.decision === undefined || givenAfter(recorded.decision.at, entry.decision.at)))
      entry.decision = recorded.decision;
    if (entry.gate === undefined && recorded.gate !== undefined) {
      entry.gate = recorded.gate;
      if (recorded.request !== undefined) entry.request = recorded.request;
      if (recorded.subRun !== undefined) entry.subRun = recorded.subRun;
    }
  }
  return undefined;
}

/** Whether a decision or update given at `at` came after one given at `than` (one without a time: before any with one). */
function givenAfter(at: number | undefined, than: number | undefined): boolean {
  return at !== undefined && (than === undefined || at > than);
}

/**
 * Long-running updates the checkpoint was given and the state was not: kept, so none is lost, and
 * merged in the order they were given (this copy's first on a tie). The first final update given
 * closes the call: what another copy was given after it is delivered before it, as progress.
 */
function mergePending(record: RunRecord, stored: RunRecord): void {
  for (const storedEntry of stored.pending) {
    const entry = record.pending.find((candidate) => candidate.callId === storedEntry.callId);
    if (entry === undefined) {
      if (!record.done.includes(storedEntry.callId)) record.pending.push(storedEntry);
      continue;
    }
    const added = storedEntry.updates.filter((update) => !hasUpdate(entry, update));
    if (added.length === 0) continue;
    entry.updates = inOrderGiven([...entry.updates, ...added]);
    if (storedEntry.final) entry.final = true;
  }
}

/** Updates sorted by when they were given (stable; those without a time, from older states, first), the first final one last. */
function inOrderGiven(updates: PendingUpdate[]): PendingUpdate[] {
  const sorted = updates
    .map((update, index) => ({ update, index }))
    .sort((left, right) => (left.update.at ?? 0) - (right.update.at ?? 0) || left.index - right.index)
    .map(({ update }) => update);
  const finalAt = sorted.findIndex((update) => update.final);
  if (finalAt === -1) return sorted;
  const closing = sorted[finalAt]!;
  const others = sorted.filter((_, index) => index !== finalAt).map((update) => (update.final ? { ...update, final: false } : update));
  return [...others, closing];
}

/**
 * Whether an entry has an update already (the same one, read from another copy): the same value given at
 * the same time, final or not (a merge may have turned a final update into progress); without a time
 * (older states), also as final or not alike.
 */
function hasUpdate(entry: PendingEntry, update: PendingUpdate): boolean {
  return entry.updates.some(
    (known) => known.value === update.value && known.at === update.at && (update.at !== undefined || known.final === update.final),
  );
}
