import type { AgentContext } from '../../context/agent-context.js';
import { untilAborted } from '../../environment/bounded-await.js';

/** The longest delay `setTimeout` honours; a longer (or infinite) limit means none. */
const longestTimer = 2_147_483_647;

/** What bounds the wait for an approval predicate. */
export interface ApprovalPredicateBounds {
  /** How long it may take, in ms: the call's time limit (none when undefined, or past what a timer holds). */
  timeoutMs?: number | undefined;
  /** A signal besides the context's that ends the wait (an environment's), if any. */
  signal?: AbortSignal | undefined;
}

/**
 * Asks an approval predicate (a tool's `needsApproval`, or an agent's policy) about one call, with
 * toolcraft's reading of the answer: only `false` lets the call run without approval. A predicate
 * that throws, rejects, answers anything else, takes longer than `timeoutMs`, or outlives the
 * context's signal (or `bounds.signal`) asks for approval, the safe answer. Never rejects.
 * @param predicate - the predicate, `(args, context) => boolean | Promise<boolean>`
 * @param args - the call's arguments
 * @param context - the call's context, or what makes it (user code too: a throw asks)
 * @param bounds - the time limit and another signal, if any
 * @returns true when a person must approve the call first
 */
export async function askApprovalPredicate(
  predicate: (args: never, context: AgentContext) => unknown,
  args: unknown,
  context: AgentContext | (() => AgentContext),
  bounds: ApprovalPredicateBounds = {},
): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const callContext = typeof context === 'function' ? context() : context;
    const answer = Promise.resolve().then(() => predicate(args as never, callContext));
    const { timeoutMs, signal } = bounds;
    let limited: Promise<unknown> =
      timeoutMs === undefined || !(timeoutMs <= longestTimer)
        ? answer
        : Promise.race([answer, new Promise<true>((resolve) => (timer = setTimeout(resolve, timeoutMs, true)))]);
    limited = untilAborted(limited, callContext.signal);
    if (signal !== undefined) limited = untilAborted(limited, signal);
    return (await limited) !== false;
  } catch {
    return true;
  } finally {
    clearTimeout(timer);
  }
}
