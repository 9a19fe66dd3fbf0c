import type { CheckpointStore, StoredCheckpoint } from '../../checkpoints/checkpoint-store.js';
import { untilAborted } from '../../environment/bounded-await.js';
import { CheckpointLoadError } from '../../errors/checkpoint-load-error.js';

/** How long loading one checkpoint may take. */
export const checkpointLoadTimeoutMs = 10_000;

/**
 * Loads a run's checkpoint, bounded by a time limit and the caller's signal.
 * @param store - the checkpoint store
 * @param runId - the run's id
 * @param signal - the caller's signal, if any
 * @returns the checkpoint with its version, or undefined when there is none
 * @throws CheckpointLoadError when the store failed or took longer than 10 s; the signal's reason when it aborted
 */
export async function loadCheckpoint(store: CheckpointStore, runId: string, signal?: AbortSignal): Promise<StoredCheckpoint | undefined> {
  const controller = new AbortController();
  const stop = (): void =>
    controller.abort(signal?.aborted ? signal.reason : new Error(`loading took longer than ${checkpointLoadTimeoutMs} ms`));
  const timer = setTimeout(stop, checkpointLoadTimeoutMs);
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted) stop();
  try {
    return await untilAborted(
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
}
