import type { AgentContext } from '../../context/agent-context.js';
import { describeThrownValue } from '../../errors/describe-thrown-value.js';
import { describeValue } from '../../errors/describe-value.js';
import { ContextProviderError } from '../../errors/context-provider-error.js';
import type { ChatMessage } from '../../model/messages.js';
import { readonlyView } from '../../toolsets/readonly-view.js';
import { RunTimeLimitReachedError } from '../../errors/run-time-limit-reached-error.js';
import { callBounded } from '../bounded-callback.js';
import type { ContextProvider, ProvidedContext } from './context-provider.js';
import { frozenCopy } from './frozen-copy.js';
import { providedMessageProblem } from './provided-message-problem.js';

/** The time a provider may take when it sets none. */
const defaultTimeoutMs = 10_000;

/**
 * The messages of one model call with what the context providers add: their instructions after the
 * leading system message (one is made when there is none), their messages after the system messages.
 * Providers run side by side, each bounded by its time limit and the run's signal, and are shown a
 * frozen copy of the messages (what one does to it changes neither the transcript nor the others' copy).
 * @param providers - the agent's context providers
 * @param messages - the messages the call would send
 * @param context - the run's context
 * @param signal - the run's signal
 * @param remainingMs - the run's time left
 * @returns a new list of messages (the transcript is not changed)
 * @throws ContextProviderError naming the provider that threw, passed its time or answered something
 * else (messages that are not system, user or assistant messages among them)
 * @internal
 */
export async function applyContextProviders(
  providers: readonly ContextProvider[],
  messages: readonly ChatMessage[],
  context: AgentContext,
  signal: AbortSignal,
  remainingMs: number,
): Promise<ChatMessage[]> {
  const view = readonlyView(context);
  const shown = frozenCopy(messages);
  const provided = await Promise.all(providers.map((provider) => provideOne(provider, shown, view, signal, remainingMs)));
  const instructions = provided.flatMap((item) => (item?.instructions ? [item.instructions] : []));
  const added = provided.flatMap((item) => item?.messages ?? []);
  if (instructions.length === 0 && added.length === 0) return messages.slice();
  let start = 0;
  while (start < messages.length && messages[start]!.role === 'system') start++;
  const system = messages.slice(0, start);
  if (instructions.length > 0) {
    const first = system[0];
    const text = instructions.join('\n\n');
    if (first?.role === 'system') system[0] = { role: 'system', content: `${first.content}\n\n${text}` };
    else system.unshift({ role: 'system', content: text });
  }
  return [...system, ...added, ...messages.slice(start)];
}

async function provideOne(
  provider: ContextProvider,
  messages: readonly ChatMessage[],
  view: ReturnType<typeof readonlyView>,
  runSignal: AbortSignal,
  remainingMs: number,
): Promise<ProvidedContext | undefined> {
  try {
    const result = await callBounded(
      (signal) => provider.provide({ ...view, messages, signal }),
      runSignal,
      provider.timeoutMs ?? defaultTimeoutMs,
      remainingMs,
      (limitMs) => new ContextProviderError(provider.name, `it did not answer within ${limitMs} ms`),
    );
    if (result === undefined || result === null) return undefined;
    if (!isProvided(result))
      throw new ContextProviderError(
        provider.name,
        `it answered ${describeValue(result)}, not { instructions?: string, messages?: ChatMessage[] }`,
      );
    const { messages: added } = result;
    if (added !== undefined)
      for (const [index, message] of added.entries()) {
        const problem = providedMessageProblem(message);
        if (problem !== undefined)
          throw new ContextProviderError(provider.name, `it answered messages whose messages[${index}] ${problem}`);
      }
    return result;
  } catch (thrown) {
    if (runSignal.aborted) throw runSignal.reason;
    // The run's time is up (its own timer may come a moment later): the loop stops it as max_duration.
    if (RunTimeLimitReachedError.isInstance(thrown)) throw thrown;
    if (ContextProviderError.isInstance(thrown)) throw thrown;
    throw new ContextProviderError(provider.name, `it threw: ${describeThrownValue(thrown)}`, thrown);
  }
}

function isProvided(value: unknown): value is ProvidedContext {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { instructions, messages } = value as Record<string, unknown>;
  if (instructions !== undefined && typeof instructions !== 'string') return false;
  return messages === undefined || Array.isArray(messages);
}
