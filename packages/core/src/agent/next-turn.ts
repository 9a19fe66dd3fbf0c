/**
 * Waits for the event loop to run once (a macrotask), so timers, I/O and the caller's abort
 * get their turn between two iterations of an agent run even when the model and the tools
 * settle without ever leaving the microtask queue.
 * @returns a promise that resolves on the next turn of the event loop
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}

/**
 * How long a run may keep the event loop before it yields between turns, in ms: short enough for
 * timers and the caller's abort to come promptly, long enough that a run whose model and tools
 * answer at once (a scripted model, cached replies) does not pay a macrotask per turn.
 */
export const turnSliceMs = 1;
