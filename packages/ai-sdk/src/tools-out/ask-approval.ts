import type { AgentContext, ApprovalPredicate } from '@toolcraft/core';
import { untilAborted } from '@toolcraft/core/internal';

/** The longest delay `setTimeout` honours; a longer (or infinite) time limit means none. */
const longestTimer = 2_147_483_647;

/** What bounds the wait for a predicate: the call's time limit and the signals that cancel it. */
export interface ApprovalBounds {
  /** The call's time limit in ms (the tool's `timeoutMs`, else the environment's `toolTimeoutMs`); none when undefined. */
  timeoutMs: number | undefined;
  /** The environment's signal (`toAISDKTools`' `signal` option), if any. */
  signal: AbortSignal | undefined;
}

/**
 * Asks a toolcraft approval predicate about a call made through the AI SDK, with toolcraft's own
 * reading of the answer: a predicate that throws, rejects, answers anything but `false`, or takes
 * longer than the call's time limit (or outlives the context's or the environment's signal) asks
 * for approval, the safe answer. The AI SDK gives `needsApproval` no abort signal of its own, so
 * these bounds are what keeps `generateText` from waiting for ever.
 * @param predicate - the tool's predicate
 * @param args - the call's arguments as the model sent them (JSON)
 * @param contextOf - makes the call's `AgentContext` (user code too: a throw asks)
 * @param bounds - the time limit and the environment's signal
 * @returns true when a person must approve the call first
 */
export async function askApproval(
  predicate: ApprovalPredicate<Record<string, unknown>>,
  args: Record<string, unknown>,
  contextOf: () => AgentContext,
  bounds: ApprovalBounds,
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const context = contextOf();
    let answer: Promise<unknown> = Promise.resolve().then(() => predicate(args, context));
    const { timeoutMs, signal } = bounds;
    if (timeoutMs !== undefined && timeoutMs <= longestTimer) {
      answer = Promise.race([answer, new Promise<true>((resolve) => (timer = setTimeout(resolve, timeoutMs, true)))]);
    }
    answer = untilAborted(answer, context.signal);
    if (signal !== undefined) answer = untilAborted(answer, signal);
    return (await answer) !== false;
  } catch {
    return true;
  } finally {
    clearTimeout(timer);
  }
}
