import { AgentState } from '../../context/agent-state.js';
import { untilAborted } from '../../environment/bounded-await.js';
import type { ChatMessage } from '../../model/messages.js';
import { checkMethods } from '../check-methods.js';
import { RunDeadline } from '../run-deadline.js';
import type { RunOptions } from '../run-options.js';
import type { Session } from '../session.js';
import { batchAnswers } from './batch-answers.js';
import type { RunRecord } from './run-record.js';

/** How long saving a run to its session may take once the run has ended (also after an abort). */
export const sessionSaveTimeoutMs = 10_000;

/**
 * Reads a run's session before it starts (bounded by the run's signal and `maxDurationMs`): its
 * messages become the run's history (before `history`) and its state the run's initial state (under `state`).
 * @param session - the session
 * @param options - the run's options
 * @param maxDurationMs - the agent's run time limit
 * @returns the history and state to start from
 * @internal
 */
export async function loadSession(
  session: Session,
  options: RunOptions,
  maxDurationMs: number,
): Promise<{ history: ChatMessage[]; state: Record<string, unknown> }> {
  checkMethods('session', session, ['load', 'append'], 'a Session from store.open({ appName, userId, sessionId })', 'run');
  const loading = new RunDeadline(maxDurationMs, options.signal);
  const stored = await untilAborted(session.load({ signal: loading.signal }), loading.signal).finally(() => loading.dispose());
  const given = options.state instanceof AgentState ? options.state.toJSON() : options.state;
  return { history: [...stored.messages, ...(options.history ?? [])], state: { ...stored.state, ...given } };
}

/**
 * What a run adds to its session now: its messages the session does not have yet, with the waiting
 * batch answered (calls that ran with their real results, calls that wait for the host as not
 * executed), and for a resumed run the real results of the calls the session was told had not run,
 * as messages naming the call (a provider takes one tool message per call id, and the session already
 * has one). Moves the record's session mark on.
 * @param record - the run's record, with its session mark
 * @returns the messages to append, and the append's id (stable for a retry of the same append)
 * @internal
 */
export function sessionAppend(record: RunRecord): { messages: ChatMessage[]; appendId: string } {
  const mark = record.session!;
  const appendId = `${record.runId}:${mark.savedMessages}:${mark.placeholders.length}`;
  const answered = new Set(mark.answered ?? []);
  const placeholders = new Set(mark.placeholders);
  const messages: ChatMessage[] = [];
  for (const message of record.messages.slice(mark.savedMessages)) {
    if (message.role === 'system') continue;
    if (message.role !== 'tool' || !answered.has(message.toolCallId)) {
      messages.push(message);
      continue;
    }
    if (!placeholders.has(message.toolCallId)) continue;
    placeholders.delete(message.toolCallId);
    answered.delete(message.toolCallId);
    const heading = `The tool call ${message.toolCallId} (${message.name}), which was waiting for the host, has run since; its result${message.isError ? ' (an error)' : ''}:`;
    messages.push({
      role: 'user',
      content:
        typeof message.content === 'string' ? `${heading}\n${message.content}` : [{ type: 'text', text: heading }, ...message.content],
    });
  }
  const batch = record.batch ?? [];
  const answers = batchAnswers(batch);
  batch.forEach((entry, index) => {
    answered.add(entry.callId);
    if (entry.result === undefined) placeholders.add(entry.callId);
    messages.push(answers[index]!);
  });
  mark.savedMessages = record.messages.length;
  mark.placeholders = [...placeholders];
  if (answered.size > 0) mark.answered = [...answered];
  else delete mark.answered;
  return { messages, appendId };
}

/**
 * Appends a run's new messages and state delta to its session, bounded by {@link sessionSaveTimeoutMs}.
 * @param session - the session
 * @param record - the run's record (its session mark is moved on)
 * @param stateDelta - the run's state changes
 * @internal
 */
export async function saveToSession(session: Session, record: RunRecord, stateDelta: Record<string, unknown>): Promise<void> {
  const mark = record.session!;
  const before = { ...mark };
  const { messages, appendId } = sessionAppend(record);
  // A timer cleared after the save (AbortSignal.timeout would keep one alive for 10 s after every run).
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`saving to the session took longer than ${sessionSaveTimeoutMs} ms`)),
    sessionSaveTimeoutMs,
  );
  try {
    await untilAborted(session.append({ messages, stateDelta }, { signal: controller.signal, appendId }), controller.signal);
  } catch (error) {
    // Not saved: the mark stays where it was, so a later save sends the same messages again.
    record.session = before;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
