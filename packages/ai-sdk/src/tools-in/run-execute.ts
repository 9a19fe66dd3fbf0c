import type { AgentContext } from '@toolcraft/core';
import { untilAborted } from '@toolcraft/core/internal';

/** The values of an execute that streams (preliminary outputs, the last one final). */
type Outputs = AsyncIterable<unknown>;

/**
 * Waits for what an AI SDK tool's `execute` returned: a value, a promise, or an async iterable whose
 * values are preliminary outputs and whose last value is the output (as the AI SDK reads it). Each
 * preliminary output is reported as progress of the call (`context.reportProgress`, the count and
 * its text) when the call belongs to a run; the iteration stops (its `return()` called) as soon as
 * the call's signal aborts.
 * @param returned - what `execute` returned
 * @param signal - the call's signal
 * @param context - the run's context, when the call belongs to a run
 * @returns the output
 * @throws Error when an async iterable yields nothing, or what the tool threw
 */
export async function awaitOutput(returned: unknown, signal: AbortSignal | undefined, context: AgentContext | undefined): Promise<unknown> {
  if (!isAsyncIterable(returned)) return await returned;
  const iterator = returned[Symbol.asyncIterator]();
  let last: unknown;
  let count = 0;
  try {
    for (;;) {
      const next = iterator.next();
      const step = await (signal === undefined ? next : untilAborted(next, signal));
      if (step.done === true) break;
      if (count > 0) context?.reportProgress(count, undefined, preview(last));
      last = step.value;
      count++;
    }
  } catch (error) {
    // Stopped (aborted) or failed: let the iterator clean up, without waiting for it.
    Promise.resolve()
      .then(() => iterator.return?.())
      .catch(() => undefined);
    throw error;
  }
  if (count === 0) throw new Error('its execute returned an async iterable that yielded no output');
  return last;
}

function isAsyncIterable(value: unknown): value is Outputs {
  return typeof value === 'object' && value !== null && typeof (value as Partial<Outputs>)[Symbol.asyncIterator] === 'function';
}

/** A preliminary output as a short progress message. */
function preview(value: unknown): string {
  let text: string | undefined;
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    text = undefined;
  }
  text ??= String(typeof value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
