/** The `_meta` key a toolcraft client sends its call's idempotency key under (`context.idempotencyKey`: `<runId>:<callId>`). */
export const idempotencyKeyMeta = 'io.toolcraft/idempotency-key';

/** The `_meta` key a server sets on a result it answered from its idempotency store, without running the tool. */
export const replayedMeta = 'io.toolcraft/replayed';

/** A call's result as an idempotency store records it: what the tool call answered, and what it was a call of. */
export interface RecordedCall {
  /** A digest of the tool's name and arguments: a key sent again with another call is refused, not answered with this one. */
  fingerprint: string;
  /** The `tools/call` result (JSON). */
  result: Record<string, unknown>;
}

/**
 * Where an MCP server given `idempotency: store` records the results of calls that carried an
 * idempotency key, so the same key sent again (a client retrying a call whose answer it lost) is
 * answered with the recorded result instead of running the tool again: exactly once across MCP.
 * `InMemoryMcpIdempotencyStore` for one process, `RedisMcpIdempotencyStore` of `@toolcraft/redis` for
 * instances behind a load balancer.
 */
export interface McpIdempotencyStore {
  /**
   * Claims a key for a call about to run, or finds what a call with it answered. While another call
   * holds the key (it is running), waits for its result.
   * @param key - the idempotency key
   * @param signal - the request's signal: stop waiting
   * @returns the recorded call, or undefined when the key is now this caller's (it runs the tool, then
   *   calls `complete` or `abandon`)
   */
  begin(key: string, signal: AbortSignal): Promise<RecordedCall | undefined>;
  /**
   * Records the result of the call that claimed the key.
   * @param key - the key
   * @param call - its result and fingerprint
   */
  complete(key: string, call: RecordedCall): Promise<void>;
  /**
   * Lets go of a claimed key whose call did not finish (it was cancelled): the next call with the key runs.
   * @param key - the key
   */
  abandon(key: string): Promise<void>;
}
