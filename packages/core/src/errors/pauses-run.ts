/**
 * The marker of an error that is control flow, not a failure: a tool call that throws it does not
 * end, it waits for the host (a credential it asked for, the paused run of an agent it runs). The
 * agent loop pauses on it; failure hooks, `maxFailures` and `maxInvocations` do not count it.
 */
export const pausesRunMarker = Symbol.for('toolcraft.pausesRun');

/**
 * @param error - what a tool call threw (or its result's `error`)
 * @returns whether it, or its `cause`, asks the run to pause on the call
 */
export function pausesRun(error: unknown): boolean {
  try {
    if (marked(error)) return true;
    const cause = typeof error === 'object' && error !== null ? (error as { cause?: unknown }).cause : undefined;
    return marked(cause);
  } catch {
    // A hostile value (a Proxy whose traps throw) is a failure like any other.
    return false;
  }
}

function marked(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[pausesRunMarker] === true;
}
