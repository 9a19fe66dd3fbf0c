import type { AgentContext } from '../context/agent-context.js';
import { AgentState } from '../context/agent-state.js';
import { untilAborted } from '../environment/bounded-await.js';
import { SessionSaveError } from '../errors/session-save-error.js';
import type { ChatMessage } from '../model/messages.js';
import { answerCalls } from './answer-calls.js';
import { RunDeadline } from './run-deadline.js';
import type { RunOptions } from './run-options.js';
import type { RunResult } from './run-result.js';
import type { RunTranscript } from './run-transcript.js';
import type { Session } from './session.js';
import { checkMethods } from './check-methods.js';

/** How long saving a run to its session may take once the run has ended (also after an abort). */
export const sessionSaveTimeoutMs = 10_000;

type RunObserver = (transcript: RunTranscript, context: AgentContext) => void;

/** The observers of runs started by {@link runInSession}, keyed by the inner run's options object. */
const observers = new WeakMap<RunOptions, RunObserver>();
/** The sessions of runs started by {@link runInSession}, keyed by the inner run's options object. */
const sessions = new WeakMap<RunOptions, Session>();

/**
 * @param options - a run's options
 * @returns the session the run belongs to, if it was started with one
 * @internal
 */
export function sessionOf(options: RunOptions): Session | undefined {
  return sessions.get(options);
}

/**
 * Tells the session wrapper about a run's transcript and context as soon as they exist, so a run
 * that fails or is aborted can still be saved. A no-op for a run without a session.
 * @param options - the run's options
 * @param transcript - the run's transcript (its last message is the new user message)
 * @param context - the run's context
 * @internal
 */
export function observeRun(options: RunOptions, transcript: RunTranscript, context: AgentContext): void {
  observers.get(options)?.(transcript, context);
}

/**
 * Runs with a session: loads its messages and state (bounded by the run's signal and
 * `maxDurationMs`), runs with them as history and initial state, then appends the run's new
 * messages and state delta, also when the run fails or is aborted.
 * @param options - the run's options, with `session`
 * @param maxDurationMs - the agent's run time limit (bounds the load)
 * @param run - runs the agent with the given options (no session)
 * @returns the run's result, once saved
 * @throws SessionSaveError (with `result`) when the run finished but could not be saved
 * @throws the run's own error when it failed (saving what it did first)
 * @internal
 */
export async function runInSession(
  options: RunOptions & { session: Session },
  maxDurationMs: number,
  run: (options: RunOptions) => Promise<RunResult>,
): Promise<RunResult> {
  const { session, ...rest } = options;
  checkMethods('session (of run options)', session, ['load', 'append'], 'a Session from store.open({ appName, userId, sessionId })');
  const loading = new RunDeadline(maxDurationMs, options.signal);
  const stored = await untilAborted(session.load({ signal: loading.signal }), loading.signal).finally(() => loading.dispose());
  const given = options.state instanceof AgentState ? options.state.toJSON() : options.state;
  const inner: RunOptions = { ...rest, history: [...stored.messages, ...(options.history ?? [])], state: { ...stored.state, ...given } };
  let firstNew = 0;
  let observed: { transcript: RunTranscript; context: AgentContext } | undefined;
  sessions.set(inner, session);
  observers.set(inner, (transcript, context) => {
    firstNew = transcript.messages.length - 1;
    observed = { transcript, context };
  });
  let result: RunResult;
  try {
    result = await run(inner);
  } catch (error) {
    if (observed !== undefined) {
      await save(session, observed.transcript.messages.slice(firstNew), observed.context.state.delta).catch((saveError: unknown) =>
        process.emitWarning(`toolcraft: a failed run could not be saved to its session: ${String(saveError)}`, 'SessionSaveWarning'),
      );
    }
    throw error;
  }
  try {
    await save(session, result.messages.slice(firstNew), result.stateDelta);
  } catch (error) {
    throw new SessionSaveError(`${session.appName}/${session.userId}/${session.sessionId}`, result, error);
  }
  return result;
}

async function save(session: Session, messages: ChatMessage[], stateDelta: Record<string, unknown>): Promise<void> {
  // A timer cleared after the save (AbortSignal.timeout would keep one alive for 10 s after every run).
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`saving to the session took longer than ${sessionSaveTimeoutMs} ms`)),
    sessionSaveTimeoutMs,
  );
  try {
    await untilAborted(
      session.append({ messages: answerCalls(messages) as ChatMessage[], stateDelta }, { signal: controller.signal }),
      controller.signal,
    );
  } finally {
    clearTimeout(timer);
  }
}
