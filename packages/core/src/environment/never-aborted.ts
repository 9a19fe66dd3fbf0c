/**
 * The signal a tool sees when its call has nothing to cancel it (no time limit, no signal): one
 * shared signal that never aborts. Adapters that forward a tool's signal (an MCP client) can skip the
 * per-call work cancellation would need when they are given this one. Shared through
 * `@toolcraft/core/internal`, so never tagged internal in TSDoc: stripInternal would drop its declaration.
 */
export const neverAborted: AbortSignal = new AbortController().signal;
