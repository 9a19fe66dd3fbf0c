import { createHash, randomUUID } from 'node:crypto';
import { AgentState } from '../../context/agent-state.js';
import { CorruptSessionError } from '../../errors/corrupt-session-error.js';
import { untilAborted } from '../../environment/bounded-await.js';
import type { ChatMessage, ToolMessage } from '../../model/messages.js';
import { checkMethods } from '../check-methods.js';
import { RunDeadline } from '../run-deadline.js';
import type { RunOptions } from '../run-options.js';
import type { Session } from '../session.js';
import { batchAnswers } from './batch-answers.js';
import type { RunRecord, SessionMark } from './run-record.js';

/** How long saving a run to its session may take once the run has ended (also after an abort). */
export const sessionSaveTimeoutMs = 10_000;

/**
 * Reads a run's session before it starts (bounded by the run's signal and `maxDurationMs`): its
 * messages become the run's history (before `history`) and its state the run's initial state (under `state`).
 * @param session - the session
 * @param options - the run's options
 * @param maxDurationMs - the agent's run time limit
 * @returns the history and state to start from
 * @throws CorruptSessionError when the session's load answers something other than a SessionData (a missing state is an empty one), or its state has a `__proto__` key
 * @internal
 */
export async function loadSession(
  session: Session,
  options: RunOptions,
  maxDurationMs: number,
): Promise<{ history: ChatMessage[]; state: Record<string, unknown> }> {
  checkMethods('session', session, ['load', 'append'], 'a Session from store.open({ appName, userId, sessionId })', 'run');
  const loading = new RunDeadline(maxDurationMs, options.signal);
  const stored: unknown = await untilAborted(session.load({ signal: loading.signal }), loading.signal).finally(() => loading.dispose());
  const { messages, state } = readSessionData(session, stored);
  const given = options.state instanceof AgentState ? options.state.toJSON() : options.state;
  return { history: [...messages, ...(options.history ?? [])], state: { ...state, ...given } };
}

/**
 * Checks what a session's `load` answered (a custom Session may answer anything): an object with a
 * `messages` array and a `state` object; a missing `state` is an empty one.
 * @throws CorruptSessionError naming the session for any other shape, or a state with a `__proto__` key
 */
function readSessionData(session: Session, stored: unknown): { messages: readonly ChatMessage[]; state: Record<string, unknown> } {
  const location = `${session.appName}/${session.userId}/${session.sessionId}`;
  const corrupt = (detail: string): CorruptSessionError =>
    new CorruptSessionError(location, `its load answered ${detail}, not the { messages, state } of a SessionData`);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) throw corrupt(describe(stored));
  const { messages, state } = stored as { messages?: unknown; state?: unknown };
  if (!Array.isArray(messages)) throw corrupt(`messages that are ${describe(messages)} (an array is expected)`);
  if (state === undefined) return { messages: messages as ChatMessage[], state: {} };
  if (typeof state !== 'object' || state === null || Array.isArray(state))
    throw corrupt(`a state that is ${describe(state)} (an object is expected)`);
  if (Object.hasOwn(state, '__proto__'))
    throw new CorruptSessionError(
      location,
      "its state has a '__proto__' key, which no run can start from (state keys named '__proto__' are refused; another client or an older version wrote it)",
    );
  return { messages: messages as ChatMessage[], state: state as Record<string, unknown> };
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}

/** What a run sends its session now, and the session mark once the session has it. @internal */
export interface SessionSave {
  /** The append, when there is anything to send (none for a save that adds nothing). */
  append?: { messages: ChatMessage[]; stateDelta: Record<string, unknown>; appendId: string };
  /** The record's session mark once the append landed. */
  mark: SessionMark;
}

/**
 * What a run adds to its session now: its messages the session does not have yet, with the waiting
 * batch answered (calls that ran with their real results, calls that wait for the host as not
 * executed; each call answered once), and the real results of the calls the session was told had not
 * run, as messages naming the call (a provider takes one tool message per call id, and the session
 * already has one); and of its state changes, those whose value the session did not get from this run.
 * The record is not changed: its mark moves on only once the session has the append.
 * @param record - the run's record, with its session mark
 * @param stateDelta - the run's state changes (all of them since the run started)
 * @param mark - the session mark to build from (the record's; the last planned append's, to plan one more)
 * @param written - the keys this run segment wrote since its last session save (sent even with the value sent before)
 * @returns the append (with an id unique to it, the same for a retry of the same append), and the mark after it
 * @internal
 */
export function sessionAppend(
  record: RunRecord,
  stateDelta: Readonly<Record<string, unknown>>,
  mark: SessionMark = record.session!,
  written?: ReadonlySet<string>,
): SessionSave {
  const answered = new Set(mark.answered ?? []);
  const placeholders = new Set(mark.placeholders);
  const messages: ChatMessage[] = [];
  for (const message of record.messages.slice(mark.savedMessages)) {
    if (message.role === 'system') continue;
    if (message.role !== 'tool' || !answered.delete(message.toolCallId)) {
      messages.push(message);
      continue;
    }
    if (placeholders.delete(message.toolCallId)) messages.push(resultNote(message));
  }
  const batch = record.batch ?? [];
  const answers = batchAnswers(batch);
  batch.forEach((entry, index) => {
    if (!answered.has(entry.callId)) {
      answered.add(entry.callId);
      if (entry.result === undefined) placeholders.add(entry.callId);
      messages.push(answers[index]!);
    } else if (entry.result !== undefined && placeholders.delete(entry.callId)) messages.push(resultNote(answers[index]!));
  });
  const sentState = { ...mark.sentState };
  const delta: Record<string, unknown> = {};
  let changes = 0;
  for (const key of Object.keys(stateDelta)) {
    const value = stateDelta[key];
    const digest = valueDigest(value);
    // Not sent again: a value the session got from this run, unless this run wrote it again since.
    if (digest !== undefined && sentState[key] === digest && written?.has(key) !== true) continue;
    delta[key] = value;
    changes++;
    if (digest === undefined) delete sentState[key];
    else sentState[key] = digest;
  }
  const next: SessionMark = { ...mark, savedMessages: record.messages.length, placeholders: [...placeholders] };
  delete next.planned;
  if (answered.size > 0) next.answered = [...answered];
  else delete next.answered;
  if (Object.keys(sentState).length > 0) next.sentState = sentState;
  if (messages.length === 0 && changes === 0) return { mark: next };
  const appends = mark.appends ?? 0;
  next.appends = appends + 1;
  return { append: { messages, stateDelta: delta, appendId: appendIdOf(record.runId, appends, messages, delta) }, mark: next };
}

/** The real result of a call the session was told had not run, as a message naming the call. */
function resultNote(message: ToolMessage): ChatMessage {
  const heading = `The tool call ${message.toolCallId} (${message.name}), which was waiting for the host, has run since; its result${message.isError ? ' (an error)' : ''}:`;
  return {
    role: 'user',
    content: typeof message.content === 'string' ? `${heading}\n${message.content}` : [{ type: 'text', text: heading }, ...message.content],
  };
}

function digestOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64url');
}

/** A digest of a state value as the session gets it (undefined for one JSON cannot write: always sent). */
function valueDigest(value: unknown): string | undefined {
  if (value === undefined) return '-';
  try {
    const json = JSON.stringify(value);
    return json === undefined ? undefined : digestOf(json);
  } catch {
    return undefined;
  }
}

/**
 * An append's id: a digest of the run, its count of appends so far and what it sends, so that every
 * distinct append of a run has its own id (a store drops an append whose id it has seen as re-sent),
 * a retry of the same append has the same one, and any run id gives a valid id.
 */
function appendIdOf(runId: string, appends: number, messages: ChatMessage[], delta: Record<string, unknown>): string {
  let content: string;
  try {
    content = JSON.stringify([messages, delta]);
  } catch {
    // Values JSON cannot write: no retry is recognised, but no distinct append is dropped either.
    content = randomUUID();
  }
  return `run:${digestOf(JSON.stringify([runId, appends]) + content)}`;
}

/**
 * Appends a run's new messages and state changes to its session, bounded by {@link sessionSaveTimeoutMs};
 * then moves the record's session mark on (not before: a checkpoint taken meanwhile, or after a failed
 * append, keeps the mark of what the session has).
 * @param session - the session
 * @param record - the run's record (its session mark is moved on once the session has the append)
 * @param stateDelta - the run's state changes
 * @param written - the keys the run segment wrote since its last session save (emptied once the session has them)
 * @returns whether the mark moved (a checkpoint saved before is behind it)
 * @internal
 */
export async function saveToSession(
  session: Session,
  record: RunRecord,
  stateDelta: Readonly<Record<string, unknown>>,
  written?: Set<string>,
): Promise<boolean> {
  const before = record.session!;
  const planned = before.planned ?? [];
  // Planned appends first, as they were planned (a session that has one drops it by its id).
  for (let index = 0; index < planned.length; index++) {
    const plan = planned[index]!;
    await sendAppend(session, plan);
    const rest = planned.slice(index + 1);
    record.session = rest.length === 0 ? plan.mark : { ...plan.mark, planned: rest };
  }
  const { append, mark } = sessionAppend(record, stateDelta, record.session, written);
  if (append !== undefined) await sendAppend(session, append);
  record.session = mark;
  written?.clear();
  return (
    planned.length > 0 ||
    append !== undefined ||
    mark.savedMessages !== before.savedMessages ||
    mark.placeholders.length !== before.placeholders.length
  );
}

/**
 * Plans what a run sends its session next, in its record's session mark (after any append planned
 * before), so that the checkpoint saved before the session save has it: a retry from that checkpoint
 * (its moved mark never saved: the save failed, or the process died) sends the same append under the
 * same id, which the session drops, instead of a new one built from the old mark.
 * @param record - the run's record, with its session mark
 * @param stateDelta - the run's state changes
 * @param written - the keys the run segment wrote since its last session save (emptied: the plan has them)
 * @internal
 */
export function planSessionSave(record: RunRecord, stateDelta: Readonly<Record<string, unknown>>, written?: Set<string>): void {
  const mark = record.session!;
  const planned = mark.planned ?? [];
  const { append, mark: next } = sessionAppend(record, stateDelta, planned.at(-1)?.mark ?? mark, written);
  if (append === undefined) return;
  record.session = { ...mark, planned: [...planned, { ...append, mark: next }] };
  // The plan has the keys written: they are sent with it.
  written?.clear();
}

/** Sends one append to the session, bounded by {@link sessionSaveTimeoutMs}. */
async function sendAppend(
  session: Session,
  append: { messages: ChatMessage[]; stateDelta: Record<string, unknown>; appendId: string },
): Promise<void> {
  const { messages, appendId } = append;
  // A timer cleared after the save (AbortSignal.timeout would keep one alive for 10 s after every run).
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`saving to the session took longer than ${sessionSaveTimeoutMs} ms`)),
    sessionSaveTimeoutMs,
  );
  try {
    await untilAborted(
      session.append({ messages, stateDelta: append.stateDelta }, { signal: controller.signal, appendId }),
      controller.signal,
    );
  } finally {
    clearTimeout(timer);
  }
}
