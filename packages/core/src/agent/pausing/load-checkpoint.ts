import type { CheckpointStore, StoredCheckpoint } from '../../checkpoints/checkpoint-store.js';
import { untilAborted } from '../../environment/bounded-await.js';
import { CheckpointLoadError } from '../../errors/checkpoint-load-error.js';
import { describeValue } from '../../errors/describe-value.js';
import { readCheckpointVersion } from '../../checkpoints/checkpoint-version.js';

/** How long loading one checkpoint may take. */
export const checkpointLoadTimeoutMs = 10_000;

/**
 * Loads a run's checkpoint, bounded by a time limit and the caller's signal.
 * @param store - the checkpoint store
 * @param runId - the run's id
 * @param signal - the caller's signal, if any
 * @returns the checkpoint with its version (a numeric string read as its number), or undefined when there is none
 * @throws CheckpointLoadError when the store failed, took longer than 10 s, or answered something that is not a checkpoint (saying what); the signal's reason when it aborted
 */
export async function loadCheckpoint(store: CheckpointStore, runId: string, signal?: AbortSignal): Promise<StoredCheckpoint | undefined> {
  const controller = new AbortController();
  const stop = (): void =>
    controller.abort(signal?.aborted ? signal.reason : new Error(`loading took longer than ${checkpointLoadTimeoutMs} ms`));
  const timer = setTimeout(stop, checkpointLoadTimeoutMs);
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted) stop();
  let loaded: unknown;
  try {
    loaded = await untilAborted(
      Promise.resolve().then(() => store.load(runId, { signal: controller.signal })),
      controller.signal,
    );
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw new CheckpointLoadError(runId, error);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
  return checkedCheckpoint(runId, loaded);
}

/**
 * What a store's `load` answered, checked: none (undefined or null), or a checkpoint object with its
 * version (a numeric string is read as its number).
 * @throws CheckpointLoadError naming what was wrong
 */
function checkedCheckpoint(runId: string, loaded: unknown): StoredCheckpoint | undefined {
  if (loaded === undefined || loaded === null) return undefined;
  const wrong = (what: string): CheckpointLoadError =>
    new CheckpointLoadError(
      runId,
      new TypeError(
        `the store's load answered ${what}; a CheckpointStore's load resolves with undefined or { checkpoint: object, version: whole number 1 or more }`,
      ),
    );
  if (typeof loaded !== 'object') return failWith(wrong(describeValue(loaded)));
  let checkpoint: unknown;
  let version: unknown;
  try {
    ({ checkpoint, version } = loaded as { checkpoint?: unknown; version?: unknown });
  } catch {
    return failWith(wrong('an object whose fields cannot be read'));
  }
  if (typeof checkpoint !== 'object' || checkpoint === null || Array.isArray(checkpoint))
    return failWith(wrong(`a checkpoint that is ${describeValue(checkpoint)}`));
  const read = readCheckpointVersion(version);
  if (read === undefined) return failWith(wrong(`the version ${describeValue(version)}`));
  return { checkpoint: checkpoint as Record<string, unknown>, version: read };
}

function failWith(error: Error): never {
  throw error;
}
