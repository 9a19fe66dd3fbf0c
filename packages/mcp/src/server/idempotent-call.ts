import { createHash } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describeThrownValue } from '@toolcraft/core';
import { idempotencyKeyMeta, replayedMeta, type McpIdempotencyStore } from './idempotency-store.js';

/** The longest idempotency key read (a toolcraft key is `<runId>:<callId>`). */
const maxKeyLength = 512;

/**
 * @param meta - a `tools/call` request's `_meta`
 * @returns its idempotency key, when it carries a usable one
 */
export function idempotencyKeyOf(meta: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const key = meta?.[idempotencyKeyMeta];
  return typeof key === 'string' && key.length > 0 && key.length <= maxKeyLength ? key : undefined;
}

/**
 * Answers a call with an idempotency key exactly once: the first call with the key runs (its result
 * recorded, unless it was cancelled); a later one gets the recorded result, marked
 * `_meta['io.toolcraft/replayed']`, without running the tool; one that reuses the key for another call
 * (another tool or other arguments) is refused with an error result. A store that fails is told as an
 * error result too, and the tool is not run (it might have run already).
 * @param store - the idempotency store
 * @param key - the call's key
 * @param name - the tool called
 * @param args - its arguments
 * @param signal - the request's signal
 * @param run - runs the call
 * @returns the result
 */
export async function idempotentCall(
  store: McpIdempotencyStore,
  key: string,
  name: string,
  args: unknown,
  signal: AbortSignal,
  run: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([name, args ?? {}]))
    .digest('base64url');
  let recorded;
  try {
    recorded = await store.begin(key, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return refused(
      `tool '${name}' was not run: its idempotency store failed (${describeThrownValue(error)}), so whether it ran already is unknown.`,
    );
  }
  if (recorded !== undefined) {
    if (recorded.fingerprint !== fingerprint)
      return refused(
        `tool '${name}' was not run: the idempotency key ${JSON.stringify(key)} was used for another call (another tool or other arguments).`,
      );
    const result = recorded.result as CallToolResult;
    return { ...result, _meta: { ...result._meta, [replayedMeta]: true } };
  }
  let result: CallToolResult;
  try {
    result = await run();
  } catch (error) {
    await store.abandon(key).catch(() => undefined);
    throw error;
  }
  if (signal.aborted) await store.abandon(key).catch(() => undefined);
  else await store.complete(key, { fingerprint, result: result as Record<string, unknown> }).catch(() => undefined);
  return result;
}

function refused(text: string): CallToolResult {
  return { content: [{ type: 'text', text: `Error: ${text}` }], isError: true };
}
