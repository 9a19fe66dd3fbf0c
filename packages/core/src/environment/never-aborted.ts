/**
 * The signal a tool sees when its call has nothing to cancel it (no time limit, no signal): one
 * shared signal that never aborts. Adapters that forward a tool's signal (an MCP client) can skip the
 * per-call work cancellation would need when they are given this one.
 * @internal
 */
export const neverAborted: AbortSignal = new AbortController().signal;
