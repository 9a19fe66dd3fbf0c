import { CheckpointConflictError } from '@toolcraft/core';

/** How many causes deep a conflict is looked for (an agent wraps a store's error in its own). */
const maxDepth = 8;

/**
 * Whether resuming a run failed because another process saved its checkpoint first: a
 * `CheckpointConflictError`, thrown as is or as the cause of the agent's own error.
 * @param error - what `agent.resume` threw
 * @returns the conflict, or undefined when the failure is another one
 */
export function checkpointConflictIn(error: unknown): CheckpointConflictError | undefined {
  let current = error;
  for (let depth = 0; depth < maxDepth && current !== undefined && current !== null; depth++) {
    if (CheckpointConflictError.isInstance(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
